import type { Page } from '@playwright/test';
import { expect, openPage, test } from './fixtures';
import { decideConsent } from './support/public-helpers';

/** Issue 18: the mobile drawer slides in from the right in 0.3 s; under prefers-reduced-motion nothing moves. */

/** Opens the drawer and samples its left edge on every frame for 600 ms from its first frame (the drawer mounts lazily on first open). */
async function openAndTrack(page: Page): Promise<number[]> {
  const samples = page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const lefts: number[] = [];
        const start = performance.now();
        let seen = 0;
        const tick = () => {
          const now = performance.now();
          const el = document.querySelector('[data-testid="mobile-drawer"]');
          if (el) {
            seen ||= now;
            lefts.push(Math.round(el.getBoundingClientRect().left));
          }
          if (seen ? now - seen < 600 : now - start < 8000) requestAnimationFrame(tick);
          else resolve(lefts);
        };
        requestAnimationFrame(tick);
      }),
  );
  await page.getByRole('button', { name: 'Open menu' }).click();
  return samples;
}

test.describe('mobile drawer motion', () => {
  test.beforeEach(async ({ page }) => {
    await decideConsent(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('slides in from the right in 0.3 s', async ({ page }) => {
    await openPage(page, '/');
    const lefts = await openAndTrack(page);
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(Math.abs(box.x + box.width - 390)).toBeLessThanOrEqual(1); // docked at the right edge (85vw: half pixels)
    expect(lefts[0]).toBeGreaterThan(Math.round(box.x)); // it started further right, off its resting place
    expect(lefts.at(-1)).toBe(Math.round(box.x));
    const style = await drawer.evaluate((el) => ({
      name: getComputedStyle(el).animationName,
      duration: getComputedStyle(el).animationDuration,
    }));
    expect(style).toEqual({ name: 'sheet-in-right', duration: '0.3s' });
  });

  test('does not move under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/');
    const lefts = await openAndTrack(page);
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(new Set(lefts)).toEqual(new Set([Math.round(box.x)]));
    expect(await drawer.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});
