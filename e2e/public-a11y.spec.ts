import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { decideConsent, PUBLIC_PAGES } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder.include(include);
  const { violations: found } = await builder.analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  // Sections below the fold wait, transparent, to be revealed on scroll (docs/design.md#motion), and axe skips what is
  // transparent: with reduced motion every section is in its final state and checked.
  test.use({ reducedMotion: 'reduce' });
  // Three full-page axe runs per test: generous on a shared, busy machine.
  test.describe.configure({ timeout: 120_000 });
  for (const path of PUBLIC_PAGES) {
    test(`${path}: page, open drawer, open Cookie Preferences`, async ({ page }) => {
      await decideConsent(page);
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test('the first-visit prompt, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, '/');
    await expect(page.getByRole('region', { name: 'Your privacy, your choice' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the booking fallback panel', async ({ page, pageErrors }) => {
    pageErrors.expectError(/^console: Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/); // the blocked script, on purpose
    await decideConsent(page, { functional: true });
    await page.route('https://assets.calendly.com/**', (r) => r.abort('blockedbyclient'));
    await openPage(page, '/');
    await expect(page.getByTestId('booking-fallback')).toBeVisible();
    expect(await violations(page, '#book')).toEqual([]);
  });
});
