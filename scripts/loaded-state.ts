import type { Page } from '@playwright/test';

// When a screen has finished loading, for the product pictures (scripts/product-shots.mjs; issue 44: the Connect
// Anything picture was taken while loading, "Loading integrations" and "…" counts). Checked by e2e/product-shots.spec.ts.

/**
 * In the page: nothing busy, no spinner, no placeholder count, every image decoded. (A pulse is not loading: the voice
 * assistant's live dot pulses.) No named functions inside: tsx would wrap them in a helper the page does not have.
 */
export const LOADED = () =>
  ![...document.querySelectorAll('body *')].some(
    (el) =>
      el.getClientRects().length > 0 &&
      getComputedStyle(el).visibility !== 'hidden' &&
      (el.getAttribute('aria-busy') === 'true' ||
        el.matches('.animate-spin') ||
        (el.matches('[role="status"]') && /loading/i.test(el.textContent ?? '')) ||
        (el.children.length === 0 && el.textContent?.trim() === '…')),
  ) && [...document.images].every((img) => img.complete);

/** Waits until the page shows its loaded state (and its fonts), then one more frame. */
export async function waitForLoaded(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(LOADED, undefined, { timeout });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
}
