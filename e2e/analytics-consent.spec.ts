import type { Page, Request } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { expect, openPage, test, waitForApp } from './fixtures';
import { serverKeys } from './support/auth';
import { consentPrompt } from './support/public-helpers';

type Row = { event_type: string; event_data: Record<string, unknown>; session_id: string };

/** Every analytics row the page sends (batched inserts into /rest/v1/analytics_events). */
function captureAnalytics(page: Page) {
  const rows: Row[] = [];
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/rest/v1/analytics_events') {
      requests.push(r);
      rows.push(...(r.postDataJSON() as Row[]));
    }
  });
  return { rows, requests, types: () => rows.map((r) => r.event_type) };
}

async function storedEvents(sessionId: string) {
  const { serviceRoleKey } = await serverKeys();
  const admin = createClient(`http://127.0.0.1:${process.env.E2E_PORT}`, serviceRoleKey, { auth: { persistSession: false } });
  const { data, error } = await admin.from('analytics_events').select('event_type, event_data, ip_address').eq('session_id', sessionId);
  if (error) throw error;
  return data;
}

const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** Allows only analytics through the real preferences dialog (so no booking or video embeds load). */
async function allowAnalyticsOnly(page: Page) {
  const prompt = consentPrompt(page);
  await prompt.getByRole('button', { name: 'Customise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save Preferences' }).click()]);
  await waitForApp(page);
}

test.use({ viewport: { width: 390, height: 700 } }); // a phone: the join page scrolls well past one screen

test.describe('analytics and consent', () => {
  test('nothing leaves the browser before consent; after it, page view, scroll depth and engaged events arrive', async ({ page }) => {
    const sent = captureAnalytics(page);
    await page.clock.install();
    await openPage(page, '/join-waiting-list');
    await scrollToBottom(page);
    await page.clock.runFor(35_000); // past the 30 s engagement mark and several 5 s flushes
    await page.waitForLoadState('networkidle');
    expect(sent.requests).toHaveLength(0);
    expect(await page.evaluate(() => sessionStorage.getItem('analytics_session_id'))).toBeNull();

    await page.evaluate(() => window.scrollTo(0, 0));
    await allowAnalyticsOnly(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.clock.runFor(5_500);
    await expect.poll(() => sent.types()).toContain('page_view');
    const view = sent.rows.find((r) => r.event_type === 'page_view')!;
    expect(view.event_data).toMatchObject({ page_path: '/join-waiting-list' });
    expect(view.event_data).toHaveProperty('referrer'); // after the consent reload the referrer is this page itself
    expect(Date.parse(String(view.event_data.timestamp))).not.toBeNaN();

    // scroll by steps: each mark once
    for (const f of [0.3, 0.55, 0.8, 1]) {
      await page.evaluate((frac) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * frac), f);
      await page.clock.runFor(100);
    }
    await page.clock.runFor(5_500);
    await expect
      .poll(() => sent.rows.filter((r) => r.event_type === 'scroll_depth').map((r) => r.event_data.depth))
      .toEqual([25, 50, 75, 100]);

    expect(sent.types()).not.toContain('engaged_user');
    await page.clock.runFor(30_000);
    await expect.poll(() => sent.types()).toContain('engaged_user');
    expect(sent.rows.find((r) => r.event_type === 'engaged_user')!.event_data.page_path).toBe('/join-waiting-list');

    // a route change is a new page view with its own path
    await page.getByRole('button', { name: 'Sign In to Dashboard' }).click();
    await page.clock.runFor(5_500);
    await expect
      .poll(() => sent.rows.filter((r) => r.event_type === 'page_view').map((r) => r.event_data.page_path))
      .toEqual(['/join-waiting-list', '/sign-in']);

    // the rows are stored, one session, with the IP stamped by the server (truncated), not sent by the browser
    const sessionId = view.session_id;
    expect(sent.rows.every((r) => r.session_id === sessionId)).toBe(true);
    await expect.poll(async () => (await storedEvents(sessionId)).length).toBe(sent.rows.length);
    expect((await storedEvents(sessionId))[0]!.ip_address).toBe('127.0.0.0');
  });

  test('what is queued leaves with a keepalive request when the tab closes', async ({ context }) => {
    const page = await context.newPage();
    await context.addInitScript(() => {
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, performance: true, functional: false, targeting: false, accepted: true }),
      );
      localStorage.setItem('cookie-consent-version', '1');
    });
    const sent = captureAnalytics(page);
    await page.clock.install();
    await openPage(page, '/join-waiting-list');
    // stop the clock at once, well before the first 5 s interval flush
    // (on a busy machine the page clock can pass the target between reading it and pausing: read again and retry)
    for (let attempt = 1; ; attempt++) {
      try {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
        break;
      } catch (err) {
        if (attempt === 5 || !String(err).includes('fast-forward to the past')) throw err;
      }
    }
    await scrollToBottom(page);
    await page.clock.runFor(50); // lets the scroll handler's animation frame run, still short of a flush
    const sessionId = await page.evaluate(() => sessionStorage.getItem('analytics_session_id'));
    expect(sessionId).toBeTruthy();
    expect(sent.requests).toHaveLength(0);
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(async () => (await storedEvents(sessionId!)).map((e) => e.event_type).sort(), { timeout: 10_000 })
      .toEqual(['page_view', 'scroll_depth', 'scroll_depth', 'scroll_depth', 'scroll_depth']);
  });

  test('withdrawing consent stops analytics at once', async ({ page }) => {
    const sent = captureAnalytics(page);
    await page.clock.install();
    await openPage(page, '/join-waiting-list');
    const prompt = consentPrompt(page);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Accept All' }).click()]);
    await waitForApp(page);
    await page.clock.runFor(5_500);
    await expect.poll(() => sent.types()).toContain('page_view');
    const before = sent.rows.length;

    await page.getByRole('button', { name: 'Cookie Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save Preferences' }).click()]);
    await waitForApp(page);
    await scrollToBottom(page);
    await page.clock.runFor(40_000);
    await page.waitForLoadState('networkidle');
    expect(sent.rows.length).toBe(before);
    expect(await page.evaluate(() => sessionStorage.getItem('analytics_session_id'))).toBeNull();
  });
});
