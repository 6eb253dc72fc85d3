import type { Page, Route } from '@playwright/test';
import { expect, openPage, scrollToHydrated, test, waitForApp } from './fixtures';
import { createUser, signedInUser, uniqueEmail } from './support/auth';

/**
 * A first visit (issue 15, decisions 0046, 0055 and 0060): what the visitor does on the prerendered HTML before the
 * JavaScript has run is kept, and nothing the page applies after hydration (the session, the layout of a
 * signed-in visitor, prices) moves what is already on screen.
 */

/**
 * Holds every script of the page (or every file `files` matches) until `release()`: the visitor sees and uses the
 * prerendered HTML alone.
 */
async function holdRequests(page: Page, files = /\/assets\/.*\.js$/) {
  const held: Route[] = [];
  let released = false;
  await page.route(files, (route) => (released ? route.continue() : void held.push(route)));
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/** The consent choice already made, so its prompt does not sit over the form. */
async function consentDecided(page: Page) {
  await page.addInitScript(() => {
    const record = { necessary: true, performance: false, functional: false, targeting: false, accepted: true };
    localStorage.setItem('cookie-consent', JSON.stringify(record));
    localStorage.setItem('cookie-consent-version', '1');
  });
}

test.describe('content before code', () => {
  // decision 0088: a prerendered page's scripts wait in a template until it has painted, so its stylesheet (which
  // the paint needs) has arrived before the first script is even asked for; the private pages' shell is unchanged.
  for (const route of ['/', '/pricing', '/sign-up']) {
    test(`${route} asks for its JavaScript only after its stylesheet has arrived`, async ({ context }) => {
      const page = await context.newPage();
      await page.goto(route);
      await waitForApp(page);
      const { cssEnd, firstScript } = await page.evaluate(() => {
        const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          cssEnd: Math.max(...res.filter((e) => /\/assets\/.*\.css$/.test(e.name)).map((e) => e.responseEnd)),
          firstScript: Math.min(...res.filter((e) => /\/assets\/.*\.js$/.test(e.name)).map((e) => e.startTime)),
        };
      });
      expect(Number.isFinite(cssEnd) && Number.isFinite(firstScript)).toBe(true);
      expect(firstScript).toBeGreaterThan(cssEnd);
    });
  }
});

test.describe('typing before hydration', () => {
  test('/join-waiting-list keeps what was typed before its JavaScript ran and sends it', async ({ context }) => {
    const page = await context.newPage(); // not the fixture's page: its goto waits for hydration
    await consentDecided(page);
    const scripts = await holdRequests(page);
    await page.goto('/join-waiting-list', { waitUntil: 'commit' });
    const name = page.getByLabel('Full name');
    const email = page.getByLabel('Email address');
    await expect(name).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expect.poll(() => scripts.held()).toBeGreaterThan(0); // asked for after the first paint (decision 0088)
    const address = uniqueEmail('early');
    await name.fill('Grace Hopper');
    await email.fill(address);

    await scripts.release();
    await waitForApp(page);
    await expect(name).toHaveValue('Grace Hopper');
    await expect(email).toHaveValue(address);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/waitlist') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Join Exclusive Waitlist' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: 'Grace Hopper', email: address });
    await expect(page.getByRole('heading', { name: 'Welcome to the Waitlist!' })).toBeVisible();
  });

  test('/sign-in keeps the e-mail and password typed before its JavaScript ran and signs in with them', async ({ context }) => {
    const page = await context.newPage();
    await consentDecided(page);
    const user = await createUser();
    const scripts = await holdRequests(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    const password = page.locator('#signin-password');
    await expect(email).toBeVisible();
    await expect.poll(() => scripts.held()).toBeGreaterThan(0); // asked for after the first paint (decision 0088)
    await email.fill(user.email);
    await password.fill(user.password);

    await scripts.release();
    await waitForApp(page);
    await expect(email).toHaveValue(user.email);
    await expect(password).toHaveValue(user.password);

    const grant = page.waitForRequest((r) => r.url().includes('/auth/v1/token') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect((await grant).postDataJSON()).toMatchObject({ email: user.email, password: user.password });
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  });
});

/** Sums layout shifts not caused by input (what CLS counts), from the first paint on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (e.hadRecentInput) continue;
        // What moved: the element (or a text node's parent), where from and to, and when.
        const sources = (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const r = (x?: DOMRectReadOnly) =>
            x ? `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}×${Math.round(x.height)}` : '';
          const src = s as unknown as { previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly };
          const what = el
            ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? '').slice(0, 40)}"`
            : '?';
          return `${what} ${r(src.previousRect)} -> ${r(src.currentRect)} @${Math.round(e.startTime)}ms`;
        });
        w.__shifts.push({ value: e.value, at: e.startTime, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Opens `path` with its scripts held until the prerendered page has painted, then lets them run: the shifts counted
 * from then on are those hydration and what it applies (the session, lazy chunks) cause, and the swap to the brand
 * fonts, which the hydrated app lets load once it is idle (decision 0095).
 */
async function openWithHydrationShifts(page: Page, path: string) {
  await watchLayoutShifts(page);
  const scripts = await holdRequests(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('h1').first()).toBeVisible();
  const from = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
  await scripts.release();
  return from;
}

/** Layout shift from `from` until hydration and everything it starts (the session layer, lazy chunks) has settled. */
async function settledShift(page: Page, from: number) {
  await waitForApp(page);
  await page.waitForLoadState('networkidle', { timeout: 20_000 });
  // The brand fonts, let load once the app is idle, have arrived and been swapped in.
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-fonts') && document.fonts.status === 'loaded');
  // Two frames: shifts of the last commit are reported after it has been painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = (
    await page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] }).__shifts)
  ).filter((e) => e.at >= from);
  return { total: shifts.reduce((s, e) => s + e.value, 0), shifts };
}

const MAX_CLS = 0.02;

test.describe('no layout shift after hydration', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 412, height: 823 },
  ]) {
    test(`/ at ${viewport.width}×${viewport.height}`, async ({ context }) => {
      const page = await context.newPage(); // not the fixture's page: its goto waits for hydration
      await page.setViewportSize(viewport);
      const from = await openWithHydrationShifts(page, '/');
      const { total, shifts } = await settledShift(page, from);
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_CLS);
    });
  }

  for (const locale of ['en-GB', 'en-US']) {
    test(`/pricing with the ${locale} locale, before and after switching the currency`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      try {
        const from = await openWithHydrationShifts(page, '/pricing');
        const loaded = await settledShift(page, from);
        expect(loaded.total, JSON.stringify(loaded.shifts)).toBeLessThanOrEqual(MAX_CLS);
        // The switch itself is input (CLS leaves it out); the prices it shows must fit the cards as they are.
        const before = await page.getByTestId('plan-pro').boundingBox();
        await page.getByRole('button', { name: 'USD $' }).first().click();
        await expect(page.getByTestId('plan-pro')).toContainText('$380');
        expect(await page.getByTestId('plan-pro').boundingBox()).toEqual(before);
      } finally {
        await context.close();
      }
    });
  }

  test('/ for a signed-in visitor (the session is applied after hydration)', async ({ context }) => {
    const page = await context.newPage();
    await signedInUser(page);
    const from = await openWithHydrationShifts(page, '/');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible({ timeout: 15_000 });
    const { total, shifts } = await settledShift(page, from);
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_CLS);
  });
});

test.describe('the brand fonts swap in after the first paint without moving anything', () => {
  // decision 0095: a prerendered page paints in the metric-matched local fallbacks and asks for Inter and JetBrains
  // Mono only once that paint is on screen; the swap must not re-wrap what is visible.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 412, height: 823 },
  ]) {
    for (const route of ['/', '/pricing', '/sign-up']) {
      test(`${route} at ${viewport.width}×${viewport.height}`, async ({ context }) => {
        const page = await context.newPage(); // not the fixture's page: its goto waits for hydration
        await page.setViewportSize(viewport);
        await watchLayoutShifts(page);
        const fonts = await holdRequests(page, /\/assets\/.*\.woff2$/);
        await page.goto(route, { waitUntil: 'commit' });
        await expect(page.locator('h1').first()).toBeVisible();
        // the app is hydrated and idle (the page is on screen) and has asked for the files, held here: until both
        // have arrived the page stays set in the fallbacks, so it is laid out once, in the brand fonts
        await expect.poll(() => fonts.held()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-fonts'))).toBe(true);
        expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false);
        const from = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
        await fonts.release();
        await page.waitForFunction(
          () => !document.documentElement.hasAttribute('data-fonts') && document.fonts.check('800 16px "Inter Variable"'),
        );
        const { total, shifts } = await settledShift(page, from);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_CLS);
      });
    }
  }
});

test.describe('the home page hydrates its parts when they are wanted (decision 0098)', () => {
  test('no hero, section or footer code on a first visit; each hydrates in place when wanted, with the stored consent', async ({
    page,
  }) => {
    await consentDecided(page); // the consent read after hydration changes a context above every part
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __prerendered: Element[] }).__prerendered = [...document.querySelectorAll('main section, footer')];
      }),
    );
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/assets\/(hero|platform-cards|booking-section|pricing-section|site-footer)-/.test(s))).toEqual([]);
    const hero = page.locator('main [data-deferred]').first();
    await expect(hero).toHaveAttribute('data-deferred', 'waiting');

    await page.getByRole('heading', { level: 1 }).hover();
    await expect(hero).toHaveAttribute('data-deferred', 'hydrated');
    for (const part of await page.locator('main [data-deferred]').all()) await scrollToHydrated(part);
    await scrollToHydrated(page.locator('footer'));
    // Hydrated, not rendered again: every prerendered section is the same node.
    expect(await page.evaluate(() => (window as unknown as { __prerendered: Element[] }).__prerendered.every((n) => n.isConnected))).toBe(
      true,
    );
  });

  test('a click on the hero before its code has arrived is made once it has: the router navigates', async ({ page }) => {
    await consentDecided(page);
    await openPage(page, '/');
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.locator('main').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple plans that grow with you');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});
