import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { createUser, signIn, useSessionInPage } from './support/auth';
import { CONSENT_PROMPT_SELECTOR, consentPrompt, decideConsent, PUBLIC_PAGES } from './support/public-helpers';
import { expect, openPage, test, waitForApp } from './fixtures';

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

/**
 * Legacy mode: axe.run in the page itself rather than runPartial in each frame plus finishRun in a new blank page,
 * which takes twice the evaluations; the only thing it leaves out is cross-origin frames (the YouTube and Calendly
 * embeds), which are not ours to fix.
 */
async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
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
/** Answers the first-visit prompt as a decided visitor would have (the next load reads it), or forgets the answer. */
async function setConsent(page: Page, decided: boolean) {
  if (page.url() === 'about:blank') await open(page, '/'); // storage belongs to the site's origin
  await page.evaluate(
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
      test(`${route}: cookie banner showing, then dismissed`, async ({ pageErrors }) => {
        pageErrors.watch(context);
        if (route === '/no-such-page')
          pageErrors.expectError(/^console: Failed to load resource: the server responded with a status of 404/);
        const found: string[] = [];
        // a first visit: the prompt shows; the page under it is checked once it is dismissed
        await open(page, route);
        await expect(consentPrompt(page)).toBeVisible();
        found.push(...(await violations(page, `${route} (banner)`, CONSENT_PROMPT_SELECTOR)));

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
        await setConsent(page, false);
        expect(found).toEqual([]);
      });
    }

    // Signed in (one session for the sweep): the cookie prompt over the first page (the prompt alone, as above), then
    // every page with it answered.
    const signedIn = (name: string, first: string, visit: (found: string[]) => Promise<void>) =>
      test(`signed in: ${name}, banner showing and dismissed`, async ({ pageErrors }) => {
        test.setTimeout(240_000); // up to half a dozen full axe runs
        pageErrors.watch(context);
        if (!sessionSet.has(context)) {
          await useSessionInPage(page, await adminSession());
          sessionSet.add(context);
        }
        const found: string[] = [];
        await setConsent(page, false);
        await open(page, first);
        await expect(consentPrompt(page)).toBeVisible();
        found.push(...(await violations(page, `${first} (banner)`, CONSENT_PROMPT_SELECTOR)));
        await setConsent(page, true);
        await visit(found);
        await setConsent(page, false);
        expect(found).toEqual([]);
      });

    signedIn('/dashboard and its views', '/dashboard', async (found) => {
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

    signedIn('/connect-anything and /user', '/connect-anything', async (found) => {
      for (const [route, heading] of [
        ['/connect-anything', /Connect Anything/],
        ['/user', 'Your profile'],
      ] as const) {
        await open(page, route);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        found.push(...(await violations(page, `${route}`)));
      }
    });

    signedIn('/admin, every tab', '/admin', async (found) => {
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
  await expect(page.getByTestId('booking-fallback')).toBeVisible();
  expect(await violations(page, '/#book', '#book')).toEqual([]);
});
