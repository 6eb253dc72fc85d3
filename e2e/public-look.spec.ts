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
});
