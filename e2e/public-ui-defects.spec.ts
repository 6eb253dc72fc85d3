import type { Page } from '@playwright/test';
import { CONSENT_PROMPT_SELECTOR, consentPrompt, decideConsent, PUBLIC_PAGES } from './support/public-helpers';
import { expect, openPage, test } from './fixtures';
import { axeBuilder } from './support/axe';

// Issue 18, defects 1-8: each test failed before its fix.

type Row = { event_type: string; event_data: Record<string, unknown> };

function captureAnalytics(page: Page) {
  const rows: Row[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/rest/v1/analytics_events') rows.push(...(r.postDataJSON() as Row[]));
  });
  return rows;
}

const PHONE = { width: 390, height: 800 };
const DESKTOP = { width: 1440, height: 900 };
const EXTRA_PUBLIC = [
  '/join-waiting-list',
  '/waitlist-thanks',
  '/sign-in',
  '/sign-up',
  '/reset-password',
  '/connect-anything',
  '/no-such-page',
];

test.describe('issue 18 defects on public pages', () => {
  test('1: no public page is wider than a 390 px phone', async ({ page, pageErrors }) => {
    test.setTimeout(120_000);
    pageErrors.expectError(/^console: Failed to load resource: the server responded with a status of 404/); // /no-such-page answers 404
    await decideConsent(page);
    await page.setViewportSize(PHONE);
    const wide: string[] = [];
    for (const path of [...PUBLIC_PAGES, ...EXTRA_PUBLIC]) {
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      const w = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
      if (w.scroll > w.inner) wide.push(`${path}: ${w.scroll}px`);
    }
    expect(wide).toEqual([]);
  });

  test('2: with analytics consent, a direct visit to / sends page_view', async ({ page }) => {
    await decideConsent(page, { performance: true });
    const rows = captureAnalytics(page);
    await page.clock.install();
    await openPage(page, '/');
    await page.clock.runFor(5_500);
    await expect.poll(() => rows.filter((r) => r.event_type === 'page_view').map((r) => r.event_data.page_path)).toEqual(['/']);
  });

  test('5: leaving a scrolled page records no scroll depth on the next page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await decideConsent(page, { performance: true });
    const rows = captureAnalytics(page);
    await page.clock.install();
    await openPage(page, '/join-waiting-list');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(200);
    await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
    await page.clock.runFor(200);
    await page.clock.runFor(5_500);
    await expect
      .poll(() => rows.filter((r) => r.event_type === 'page_view').map((r) => r.event_data.page_path))
      .toEqual(['/join-waiting-list', '/terms']);
    expect(rows.filter((r) => r.event_type === 'scroll_depth' && r.event_data.page_path === '/join-waiting-list').length).toBeGreaterThan(
      0,
    );
    expect(rows.filter((r) => r.event_type === 'scroll_depth' && r.event_data.page_path === '/terms')).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  for (const viewport of [DESKTOP, PHONE])
    for (const path of ['/', '/pricing', '/sign-up']) {
      test(`3: first visit to ${path} at ${viewport.width} px: the cookie prompt comes first by Tab and neither it nor the top bar hides the focused control`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        await openPage(page, path);
        const prompt = consentPrompt(page);
        await expect(prompt).toBeVisible();
        await page.keyboard.press('Tab');
        // the skip link may come first; the prompt is within the first three stops
        let inPrompt = false;
        for (let i = 0; i < 3 && !inPrompt; i++) {
          inPrompt = await prompt.evaluate((el) => el.contains(document.activeElement));
          if (!inPrompt) await page.keyboard.press('Tab');
        }
        expect(inPrompt).toBe(true);

        const hidden: string[] = [];
        for (let i = 0; i < 90; i++) {
          await page.keyboard.press('Tab');
          // judged on the frame a person sees: the one after the focus moved (resize observers and scrolling done)
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const r = await page.evaluate((promptSelector) => {
            const el = document.activeElement as HTMLElement | null;
            const banner = document.querySelector(promptSelector);
            if (!el || !banner || banner.contains(el) || el === document.body) return null;
            const a = el.getBoundingClientRect();
            if (a.width === 0 || a.height === 0) return null; // nothing to see, nothing to hide
            const b = banner.getBoundingClientRect();
            const label = `${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ''}`;
            // the fixed top bar, unless the control sits above it (the skip link) or inside it
            const bar = document.querySelector('[data-testid="top-nav"]');
            const onTop = (x: number, y: number) => {
              const hit = document.elementFromPoint(x, y);
              return !!hit && (el.contains(hit) || hit.contains(el));
            };
            const barBottom =
              bar && !bar.contains(el) && !onTop(a.left + a.width / 2, a.top + a.height / 2) ? bar.getBoundingClientRect().bottom : 0;
            const room = b.top - barBottom;
            // a control that fits between the overlays is shown whole; a taller one (a scroll region) at least in part
            if (a.height <= room) return a.top >= barBottom && a.bottom <= b.top ? null : label;
            return Math.min(a.bottom, b.top) - Math.max(a.top, barBottom) > 0 ? null : label;
          }, CONSENT_PROMPT_SELECTOR);
          if (r) hidden.push(r);
        }
        expect(hidden).toEqual([]);
      });
    }

  test('6: closing Cookie Preferences with Escape returns focus to where the person was', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/');
    const settings = page.locator('footer').getByRole('button', { name: 'Cookie Settings' });
    await settings.click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(settings).toBeFocused();
  });

  test('6: from the first-visit prompt, Customise then Escape returns focus to Customise', async ({ page }) => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Customise' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Customise' })).toBeFocused();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`7: the 404 page at ${viewport.width} px is designed and passes axe (contrast included)`, async ({ page, pageErrors }) => {
      pageErrors.expectError(/^console: Failed to load resource: the server responded with a status of 404/); // the page itself answers 404
      await page.setViewportSize(viewport);
      await decideConsent(page);
      await openPage(page, '/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Back to the homepage' })).toBeVisible();
      // somewhere to go next, not a dead end
      expect(await main.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      const { violations } = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('8: the intro video length is the same on the waitlist and /demo, and the chapters fit in it', async ({ page }) => {
    await decideConsent(page);
    await openPage(page, '/join-waiting-list');
    const waitlist = await page.getByRole('main').innerText();
    const minutes = Number(/in (\d+) minutes/.exec(waitlist)?.[1]);
    expect(minutes).toBeGreaterThan(0);
    await openPage(page, '/demo');
    const demo = await page.getByRole('main').innerText();
    expect(demo).not.toMatch(/six minutes/i);
    expect(demo).toContain(`${minutes} minutes`);
    const chapters = await page.getByRole('list', { name: 'In this video' }).getByRole('listitem').allInnerTexts();
    expect(chapters.length).toBeGreaterThan(1);
    for (const c of chapters) {
      const [m, s] = /(\d+):(\d\d)/.exec(c)!.slice(1).map(Number) as [number, number];
      expect(m * 60 + s).toBeLessThan(minutes * 60);
    }
  });

  const TABLES: [string, string][] = [
    ['/vs-hubspot', 'table'],
    ['/vs-gohighlevel', 'table'],
    ['/pricing', 'section[aria-labelledby="compare-title"] table'],
    ['/90-day', 'table'],
    ['/dashboard-showcase', 'table'],
    ['/cookie-policy', 'table'],
  ];
  test('4: comparison tables become stacked cards on a phone: every cell is on screen with its column name', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await decideConsent(page);
    const problems: string[] = [];
    for (const [path, selector] of TABLES) {
      await openPage(page, path);
      const table = page.locator(selector).first();
      await table.scrollIntoViewIfNeeded();
      const found = await table.evaluate((t) => {
        const out: string[] = [];
        for (const cell of Array.from(t.querySelectorAll('tbody td'))) {
          const r = cell.getBoundingClientRect();
          if (r.right > window.innerWidth + 0.5 || r.left < -0.5) out.push(`cell off screen: ${cell.textContent}`);
          // the column name is shown next to the value (stacked card)
          const label = getComputedStyle(cell, '::before').content;
          if (!label || label === 'none' || label === 'normal') out.push(`no column label: ${cell.textContent}`);
        }
        return out;
      });
      problems.push(...found.map((f) => `${path}: ${f}`));
      // still a table for assistive technology
      expect(await page.getByRole('table').count(), path).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
  });

  test('4: at 1440 px the comparison tables stay tables', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await decideConsent(page);
    await openPage(page, '/vs-hubspot');
    const display = await page
      .locator('table')
      .first()
      .evaluate((t) => getComputedStyle(t).display);
    expect(display).toBe('table');
  });
});
