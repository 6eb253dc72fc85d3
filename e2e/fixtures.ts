import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * What the browser reported as going wrong during a test: console errors, uncaught exceptions, failed requests to
 * our own origin and 5xx answers from it. The fixture fails the test on any of them at its end, except those the
 * spec declared with `expectError` (a 4xx the test provokes on purpose, a script it blocks).
 */
export interface PageErrors {
  /** Everything collected so far, in order (`console: …`, `pageerror: …`, `requestfailed: …`, `HTTP 5xx: …`). */
  readonly all: readonly string[];
  /** Declares errors this test provokes on purpose; the fixture ignores the ones matching. */
  expectError(pattern: RegExp): void;
  /** Also watches a context the test made itself (browser.newContext()). */
  watch(context: BrowserContext): void;
}

/**
 * Errors every test may meet without a fault of ours. Kept small and explicit: a new entry needs a reason.
 * (ERR_ABORTED requests are dropped at collection: the browser cancels them when the test navigates away.)
 */
const ALWAYS_ALLOWED: RegExp[] = [];

/** Served by this test run: the e2e server or a server a spec starts itself (any port on this machine). */
const ours = (url: string | undefined) => {
  if (!url) return true; // a message with no page (e.g. a worker's) is counted
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** Listens to every page of a context, including pages the test opens later (pop-ups of other sites excepted). */
function collectErrors(context: BrowserContext, into: string[]): void {
  context.on('console', (m) => {
    if (m.type() === 'error' && ours(m.page()?.url())) into.push(`console: ${m.text()}`);
  });
  context.on('weberror', (e) => {
    if (ours(e.page()?.url())) into.push(`pageerror: ${e.error().message}`);
  });
  context.on('requestfailed', (r) => {
    const why = r.failure()?.errorText;
    if (ours(r.url()) && why !== 'net::ERR_ABORTED') into.push(`requestfailed: ${r.url()} ${why}`);
  });
  context.on('response', (r) => {
    if (ours(r.url()) && r.status() >= 500) into.push(`HTTP ${r.status()}: ${r.url()}`);
  });
}

/**
 * A prerendered page shows its content before React has hydrated it, and a click before then is lost. Every page of
 * the test waits after navigating until the app has committed its first render (root-layout sets data-hydrated).
 */
const APP_READY = () =>
  document.documentElement.dataset.hydrated === 'true' || document.getElementById('root')?.dataset.prerendered !== 'true';

/** After a load the page started itself (a reload on a consent choice, a location change): wait for hydration too. */
export async function waitForApp(page: Page) {
  await page.waitForFunction(APP_READY, undefined, { timeout: 15_000 });
}

function waitForHydrationAfterNavigation(page: Page) {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        // A page of another site has no prerendered #root: APP_READY holds at once.
        await waitForApp(page);
        return response;
      },
    });
  }
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForHydrationAfterNavigation(page);
    await use(page);
  },
  pageErrors: [
    async ({ context }, use) => {
      const all: string[] = [];
      const expected: RegExp[] = [...ALWAYS_ALLOWED];
      collectErrors(context, all);
      await use({ all, expectError: (pattern) => void expected.push(pattern), watch: (other) => collectErrors(other, all) });
      const unexpected = all.filter((e) => !expected.some((p) => p.test(e)));
      expect(
        unexpected,
        'the browser reported errors this test did not expect (declare deliberate ones with pageErrors.expectError)',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Scrolls a part of the page that hydrates late (the home page's sections below the hero, the footer:
 * apps/web/src/lib/deferred-hydration) into view and waits until it has hydrated: a click before is lost.
 */
export async function scrollToHydrated(part: Locator) {
  await part.page().bringToFront(); // a tab in the background renders nothing, so nothing comes into view
  await part.scrollIntoViewIfNeeded();
  await expect(part.locator('xpath=ancestor-or-self::*[@data-deferred][1]')).toHaveAttribute('data-deferred', 'hydrated');
}

/**
 * Waits until the toasts have gone (their 4 s, up to 15 s on a busy machine). A hovered toast stays (sonner pauses
 * it), and one lies over the top right of a view, or on a phone over the wizard's voice toggle: the pointer leaves
 * first, as a finger does, so that a click, a screenshot or an axe check meets the page without them.
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * A screenshot into E2E_SHOTS_DIR when it is set (to look at the screens), nothing otherwise: a capture costs the
 * browser a frame and an encoding, which a run that only checks need not pay.
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, ...opts });
}

/** Opens a path and waits until the app has rendered into #root. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#root > *').first()).toBeVisible();
}
