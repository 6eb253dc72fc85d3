import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { createUser, signIn, useSessionInPage } from './support/auth';
import { CONSENT_PROMPT_SELECTOR, consentPrompt, decideConsent, PUBLIC_PAGES } from './support/public-helpers';
import { expect, openPage, scrollToHydrated, test, waitForApp } from './fixtures';
import { axeBuilder } from './support/axe';

// WCAG 2.2 AA on every page at 375 and 1440 px (issue 18), proved by axe-core. No rule is disabled.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const;

/** Every public route: the prerendered pages (checked against the build below), the other public routes and a 404. */
const PUBLIC_ROUTES: string[] = [
  ...PUBLIC_PAGES,
  '/join-waiting-list',
  '/waitlist-thanks',
  '/connect-anything',
  '/sign-in',
  '/sign-up',
  '/reset-password',
  '/no-such-page',
];
/** The site chrome's dialogs look the same on every page but for the surface: checked on a dark and a light page. */
const DIALOG_ROUTES = new Set(['/', '/pricing']);

async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = axeBuilder(page).withTags(TAGS);
  if (include) builder.include(include);
  const { violations: found } = await builder.analyze();
  return found.map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens a page and waits until it has settled (hydrated, its data loaded), so axe sees what a visitor sees. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await waitForApp(page);
  await expect(page.locator('#root > *').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

const CONSENT = JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true });
const otherTabs = new WeakMap<BrowserContext, Page>();
/**
 * Answers the cookie prompt (or forgets the answer) from a second tab of the context, on a page of the site's origin
 * without the app. The next load reads the answer; a page already open follows it at once, without reloading, as it
 * follows a choice made in another tab (docs/product.md#cookie-consent): the prompt comes back or goes. One load of a
 * route thus shows both states, where a reload for each took a navigation and a network-idle wait more.
 */
async function setConsent(page: Page, decided: boolean) {
  const context = page.context();
  let tab = otherTabs.get(context);
  if (!tab) {
    tab = await context.newPage();
    // Storage belongs to the site's origin: a blank page of it, served by the browser (no request to the server, none
    // for a favicon, which a plain-text page of the server would make and get a 404 for).
    await tab.route('**/a11y-consent-tab', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }),
    );
    await tab.goto('/a11y-consent-tab');
    otherTabs.set(context, tab);
  }
  await tab.evaluate(
    ([record, set]) => {
      if (set) {
        localStorage.setItem('cookie-consent', record);
        localStorage.setItem('cookie-consent-version', '1');
      } else {
        localStorage.removeItem('cookie-consent');
        localStorage.removeItem('cookie-consent-version');
      }
    },
    [CONSENT, decided] as const,
  );
  // A page behind another tab is painted differently (axe saw the top bar's brand under a dialog at 1.09:1 there):
  // the page under test stays the front one, as it is for a visitor.
  await page.bringToFront();
}

/** The first-visit prompt, back over the page once the answer is forgotten: axe checks the prompt alone. */
async function promptViolations(page: Page, where: string): Promise<string[]> {
  await setConsent(page, false);
  await expect(consentPrompt(page)).toBeVisible();
  return violations(page, `${where} (banner)`, CONSENT_PROMPT_SELECTOR);
}

test('the sweep covers every prerendered public page of the build', () => {
  const dist = path.resolve(import.meta.dirname, '..', process.env.E2E_WEB_DIST ?? 'apps/web/dist');
  const { pages } = JSON.parse(readFileSync(path.join(dist, 'prerender.json'), 'utf8')) as { pages: string[] };
  expect(pages.filter((p) => !PUBLIC_ROUTES.includes(p))).toEqual([]);
});

let session: Session | undefined;
const sessionSet = new WeakSet<BrowserContext>();
/** One signed-in session for the whole sweep: an admin who finished onboarding sees every signed-in page. */
async function adminSession(): Promise<Session> {
  if (!session) {
    const admin = await createUser({ admin: true });
    session = await signIn(admin.email, admin.password);
  }
  return session;
}

for (const viewport of WIDTHS) {
  test.describe(`WCAG 2.2 AA at ${viewport.width} px (axe-core)`, () => {
    // One browser context per width for all its pages. Reduced motion: every revealed section is in its final state
    // and checked (docs/design.md#motion); axe skips what is still transparent.
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      page = await context.newPage();
    });
    test.afterAll(async () => {
      await context.close();
    });
    // Two or three full axe runs per test on a shared, busy two-core machine.
    test.describe.configure({ timeout: 120_000 });

    for (const route of PUBLIC_ROUTES) {
      test(`${route}: cookie banner dismissed, then showing`, async ({ pageErrors }) => {
        pageErrors.watch(context);
        if (route === '/no-such-page')
          pageErrors.expectError(/^console: Failed to load resource: the server responded with a status of 404/);
        const found: string[] = [];
        // a visitor who has decided: the whole page, and the dialogs of the site's chrome
        await setConsent(page, true);
        await open(page, route);
        await expect(consentPrompt(page)).toBeHidden();
        found.push(...(await violations(page, route)));

        if (DIALOG_ROUTES.has(route)) {
          const menu = page.getByRole('button', { name: 'Open menu' });
          if (await menu.isVisible()) {
            await menu.click();
            await expect(page.getByRole('dialog')).toBeVisible();
            found.push(...(await violations(page, `${route} (menu)`)));
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
          await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();
          await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
          found.push(...(await violations(page, `${route} (Cookie Preferences)`)));
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toBeHidden();
        }
        // a visitor who has not: the prompt over the same page
        found.push(...(await promptViolations(page, route)));
        expect(found).toEqual([]);
      });
    }

    // Signed in (one session for the sweep): every page with the cookie prompt answered, then the prompt (alone, as
    // above) over the last one.
    const signedIn = (name: string, visit: (found: string[]) => Promise<void>) =>
      test(`signed in: ${name}, banner dismissed and showing`, async ({ pageErrors }) => {
        test.setTimeout(240_000); // up to half a dozen full axe runs
        pageErrors.watch(context);
        if (!sessionSet.has(context)) {
          await useSessionInPage(page, await adminSession());
          sessionSet.add(context);
        }
        const found: string[] = [];
        await setConsent(page, true);
        await visit(found);
        found.push(...(await promptViolations(page, new URL(page.url()).pathname)));
        expect(found).toEqual([]);
      });

    signedIn('/dashboard and its views', async (found) => {
      await open(page, '/dashboard');
      if (viewport.width < 1024) {
        // the dashboard is desktop only: phones get the notice
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        found.push(...(await violations(page, `/dashboard`)));
        return;
      }
      for (const view of ['Builder', 'Dashboard', 'Coach', 'CRM', 'The Brain']) {
        await page.getByRole('navigation', { name: 'Dashboard views' }).getByRole('button', { name: view, exact: true }).click();
        await expect(page.getByRole('heading', { name: view, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page, `/dashboard ${view}`)));
      }
    });

    signedIn('/connect-anything and /user', async (found) => {
      for (const [route, heading] of [
        ['/connect-anything', /Connect Anything/],
        ['/user', 'Your profile'],
      ] as const) {
        await open(page, route);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        found.push(...(await violations(page, `${route}`)));
      }
    });

    signedIn('/admin, every tab', async (found) => {
      await open(page, '/admin');
      for (const tab of ['Waitlist', 'Analytics', 'Security', 'Users', 'Inbox']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page, `/admin ${tab}`)));
      }
    });
  });
}

test('the booking fallback panel', async ({ page, pageErrors }) => {
  pageErrors.expectError(/^console: Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/); // the blocked script, on purpose
  await decideConsent(page, { functional: true });
  await page.route('https://assets.calendly.com/**', (r) => r.abort('blockedbyclient'));
  await openPage(page, '/');
  await scrollToHydrated(page.locator('#book'));
  await expect(page.getByTestId('booking-fallback')).toBeVisible();
  expect(await violations(page, '/#book', '#book')).toEqual([]);
});
