import { decideConsent } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';

// Issue 18, what was left after the defects (p18): the sign-in page, the half-empty panels, the hub layouts,
// reveal on every public page, partner marks and the evidence beside each claim.

test.describe('the look of the public pages', () => {
  for (const width of [390, 1440]) {
    for (const [path, title] of [
      ['/sign-in', 'Welcome back'],
      ['/sign-up', 'Get started with your AI voice assistant'],
    ] as const) {
      test(`${path} at ${width} px: one <h1>, and no empty band between the form and the footer`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await decideConsent(page);
        await openPage(page, path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.locator('h1')).toHaveCount(1);
        // the lowest thing drawn in <main> (the card, or the product preview beside it on a wide screen)
        const gap = await page.evaluate(() => {
          const main = document.querySelector('main')!;
          const bottoms = [...main.children].map((el) => el.getBoundingClientRect().bottom);
          return document.querySelector('footer')!.getBoundingClientRect().top - Math.max(...bottoms);
        });
        expect(gap).toBeLessThanOrEqual(96);
        if (width === 1440) {
          // the wide screen shows the product beside the form
          const preview = page.getByRole('complementary', { name: 'Your business operating system' });
          await expect(preview).toBeVisible();
          await expect(preview.locator('img[src^="/product/"]')).toHaveAttribute('alt', /dashboard/);
        } else {
          await expect(page.getByRole('complementary', { name: 'Your business operating system' })).toBeHidden();
        }
      });
    }
  }

  test('the three hubs each have their own layout, and What changes for you is full', async ({ page }) => {
    await decideConsent(page);
    const layouts = new Set<string>();
    for (const path of ['/website-hub', '/brand-hub', '/advertising-hub']) {
      await openPage(page, path);
      layouts.add((await page.locator('main').getAttribute('data-hub-layout')) ?? '');
      const items = page.getByRole('list', { name: 'What changes for you' }).getByRole('listitem');
      await expect(items).toHaveCount(4);
      for (const text of await items.allInnerTexts()) expect(text.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);
    }
    expect([...layouts].sort()).toEqual(['band', 'bento', 'split']);
  });

  test('/demo: every chapter of In this video says what it shows, and the panel ends with the product figures', async ({ page }) => {
    await decideConsent(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, '/demo');
    const chapters = page.getByRole('list', { name: 'In this video' }).getByRole('listitem');
    await expect(chapters).toHaveCount(4);
    for (const text of await chapters.allInnerTexts()) expect(text.split('\n').filter(Boolean).length).toBe(3);
    const panel = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'In this video' }) })
      .last();
    await expect(panel.locator('dl')).toContainText('30 min');
    // The catalogue's own count (issue 44), read from the database once the page has hydrated.
    await expect(panel.locator('dl')).toContainText(/apps to connect\d/);
  });

  const REVEALING = [
    '/pricing',
    '/learn-more',
    '/dashboard-showcase',
    '/demo',
    '/90-day',
    '/terms',
    '/privacy',
    '/cookie-policy',
    '/connect',
    '/website-hub',
    '/brand-hub',
    '/advertising-hub',
    '/vs-gohighlevel',
    '/vs-hubspot',
  ];
  // (/contact: its form crosses the fold on a phone, and a form is never hidden, so nothing there waits.)
  for (const path of REVEALING) {
    test(`${path} at 390 px: sections below the fold rise into view, and all are shown once scrolled past`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await decideConsent(page);
      await openPage(page, path);
      const pending = page.locator('[data-reveal="pending"]');
      await expect(pending.first()).toBeAttached();
      await expect.poll(() => pending.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
      // scroll down a screen at a time, as a reader does
      for (let i = 0; i < 40 && (await pending.count()) > 0; i++) {
        await page.mouse.wheel(0, 700);
        await page.waitForTimeout(100);
      }
      await expect(pending).toHaveCount(0);
    });
  }

  test('under prefers-reduced-motion a hub and a legal page hide nothing', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await decideConsent(page);
    for (const path of ['/brand-hub', '/terms']) {
      await openPage(page, path);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('[data-reveal="pending"]')).toHaveCount(0);
    }
  });

  test('partner cards show the partners’ marks: SVG where Simple Icons has one, a wordmark otherwise', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/');
    const cards = page.getByTestId('partner-card');
    await expect(cards).toHaveCount(3);
    const mark = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).getByTestId('partner-mark');
    await expect(mark('Make')).toHaveAttribute('data-mark', 'svg');
    await expect(mark('Make').locator('svg path')).toHaveAttribute('d', /^M13\.38 3\.498/);
    await expect(mark('ElevenLabs')).toHaveAttribute('data-mark', 'svg');
    await expect(mark('Lovable')).toHaveAttribute('data-mark', 'wordmark');
    await expect(mark('Lovable')).toHaveText('lovable');
    // no letter monograms left
    for (const m of await page.getByTestId('partner-mark').allInnerTexts()) expect(m.trim()).not.toMatch(/^[A-Z]$/);
  });

  test('every claim has its source or qualifier right beside it', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/');
    const beside = async (claim: string, source: RegExp) =>
      expect(page.getByRole('listitem').filter({ hasText: claim }).last()).toContainText(source);
    await beside('99.9% uptime', /Monthly availability target/);
    await beside('SOC 2 compliant', /hosting and database providers/);
    await beside('24/7 AI support', /Monday-Friday, 9AM-6PM GMT/);
    await beside('340%', /Early-access customers, first six months/);
    await beside('89%', /Early-access customers, first six months/);
    await beside('100+', /strategy library/);
    await openPage(page, '/advertising-hub');
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.locator('div').filter({ hasText: '340%' })).toContainText(/Early-access customers/);
    await expect(results.locator('div').filter({ hasText: '89%' })).toContainText(/Campaign targeting/);
  });
});
