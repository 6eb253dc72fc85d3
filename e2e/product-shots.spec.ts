import { LOADED, waitForLoaded } from '../scripts/loaded-state';
import { expect, openPage, test } from './fixtures';
import { decideConsent } from './support/public-helpers';

// Issue 44: the product pictures (scripts/product-shots.mjs) are taken only once a screen has loaded; the Connect
// Anything one had been taken with "Loading integrations" and "…" counts on screen.
test.describe('product pictures wait for the loaded state', () => {
  for (const width of [390, 1440]) {
    test(`Connect Anything is not "loaded" while the catalogue is still on its way, and is after (${width} px)`, async ({
      page,
      context,
    }) => {
      await decideConsent(page);
      await page.setViewportSize({ width, height: 900 });
      // Hold the catalogue's reads until the test has seen the loading state.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await context.route(/\/rest\/v1\/(integrations|rpc\/catalogue_category_counts)/, async (route) => {
        await held;
        await route.fallback();
      });
      await openPage(page, '/connect-anything');
      await expect(page.getByText('…').first()).toBeVisible();
      expect(await page.evaluate(LOADED)).toBe(false);
      release();
      await waitForLoaded(page);
      await expect(page.getByText('Loading integrations')).toHaveCount(0);
      await expect(page.getByText('…', { exact: true })).toHaveCount(0);
      await expect(page.locator('ul[aria-busy="false"] > li').first()).toBeVisible();
    });
  }
});
