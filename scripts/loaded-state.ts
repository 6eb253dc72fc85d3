import type { Page } from '@playwright/test';

// When a screen has finished loading, for the product pictures (scripts/product-shots.mjs; issue 44: the Connect
// Anything picture was taken while loading, "Loading integrations" and "…" counts). Checked by e2e/product-shots.spec.ts.

/** In the page: nothing busy, no spinner, no placeholder count, every image decoded. */
export const LOADED = () => {
  const visible = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const busy = [...document.querySelectorAll('[aria-busy="true"], [role="status"], .animate-spin, .animate-pulse')].some(
    (el) =>
      visible(el) && (el.getAttribute('aria-busy') === 'true' || /loading/i.test(el.textContent ?? '') || !el.matches('[role="status"]')),
  );
  const placeholders = [...document.querySelectorAll('body *')].some(
    (el) => el.children.length === 0 && el.textContent?.trim() === '…' && visible(el),
  );
  const images = [...document.images].every((img) => img.complete);
  return !busy && !placeholders && images;
};

/** Waits until the page shows its loaded state (and its fonts), then one more frame. */
export async function waitForLoaded(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(LOADED, undefined, { timeout });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
}
