import { test as base, expect, type Page } from '@playwright/test';

/** Fails a test on any console error or failed request to our own origin (the first rule of every spec). */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('requestfailed', (r) => {
        // ERR_ABORTED is the browser cancelling a request because the page navigated away (a test's goto right after
        // an action), not a failure of ours; every other failure of our own origin counts.
        const why = r.failure()?.errorText;
        if (baseURL && r.url().startsWith(baseURL) && why !== 'net::ERR_ABORTED') errors.push(`requestfailed: ${r.url()} ${why}`);
      });
      page.on('response', (r) => {
        if (baseURL && r.url().startsWith(baseURL) && r.status() >= 500) errors.push(`HTTP ${r.status()}: ${r.url()}`);
      });
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until the app has rendered into #root. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root > *').first()).toBeVisible();
}
