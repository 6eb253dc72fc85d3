import { decideConsent } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';

// docs/design.md: the brand typeface, reveal-on-scroll, product visuals and toasts (issue 18).

test.describe('design system on the public pages', () => {
  test('text is set in the self-hosted Inter, figures in the mono, both fetched after the first paint', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/pricing');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    expect(await page.getByTestId('price-pro').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"JetBrains Mono Variable"/);
    // decision 0095: the first paint is set in the local fallbacks, so no font file is on its path
    await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0);
    const { fcp, fonts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      fonts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => ({ file: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(fonts.map((f) => f.file).sort()).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/jetbrains-mono-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    for (const f of fonts) expect(f.start, f.file).toBeGreaterThan(fcp);
  });

  test('home sections below the fold rise into view when scrolled to', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/');
    const features = page.locator('[data-reveal]', { has: page.locator('#features-title') });
    await expect(features).toHaveAttribute('data-reveal', 'pending');
    // a prerendered page shows the section at first; once hydrated it fades to pending (below the fold, unseen)
    await expect.poll(() => features.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await features.scrollIntoViewIfNeeded();
    await expect(features).toHaveAttribute('data-reveal', 'shown');
    await expect.poll(() => features.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('under prefers-reduced-motion nothing waits to be revealed', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await decideConsent(page);
    await openPage(page, '/');
    await expect(page.locator('#features-title')).toBeVisible();
    await expect(page.locator('[data-reveal="pending"]')).toHaveCount(0);
  });

  test('the product screenshots have a fixed box and load lazily below the fold', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/');
    const shots = page.locator('img[src^="/product/"]');
    await expect(shots).toHaveCount(3);
    for (const img of await shots.all()) {
      await expect(img).toHaveAttribute('width', '1280');
      await expect(img).toHaveAttribute('height', '800');
      await expect(img).toHaveAttribute('loading', 'lazy');
      expect(await img.getAttribute('alt')).toBeTruthy();
    }
    const tour = shots.nth(1);
    await tour.scrollIntoViewIfNeeded();
    await expect.poll(() => tour.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  });

  for (const width of [390, 1440]) {
    test(`at ${width} px a toast follows the page's theme and stays clear of the top bar`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await decideConsent(page);
      await openPage(page, '/');
      await page.locator('#pricing').scrollIntoViewIfNeeded();
      await page.getByTestId('plan-basic').getByRole('button').click();
      const toast = page.locator('[data-sonner-toast]', { hasText: 'Join our waitlist to get early access to these plans!' });
      await expect(toast).toBeVisible();
      await expect(page).toHaveURL(/\/join-waiting-list$/);
      // The waitlist page is dark, so is its toast.
      await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
      const bar = (await page.locator('header').first().boundingBox())!;
      await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    });
  }
});
