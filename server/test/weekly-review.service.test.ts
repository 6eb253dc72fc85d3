import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlanEdit, WeeklyReviewContent, WeeklyReviewCounts } from '@app/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import type { Config } from '../src/config.js';
import { wakeWorker } from '../src/jobs/queue.js';
import { unsubscribeToken } from '../src/review/unsubscribe.js';
import { sendWeeklyReviews, WEEKLY_REVIEW_JOB } from '../src/review/weekly-review.js';
import { startServer, type RunningServer } from '../src/server.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { migratedPostgresDatabase, type TestDatabase } from './support/db-template.js';
import { anonClient, createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Issue 42's weekly review: every Monday from 08:00 in the customer's time zone, once per customer and week whoever
 * runs it; the coach's suggestions charged like a reply (or skipped with the reason, the numbers still mailed);
 * a one-click unsubscribe link without sign-in; the customer's own reviews only; counts for operators.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// the latest Monday (UTC) at 09:30 UTC: 09:30 or 10:30 in London, 04:30 or 05:30 in New York
const todayMs = Date.parse(`${iso(Date.now())}T00:00:00Z`);
const mondayMs = todayMs - ((new Date(todayMs).getUTCDay() + 6) % 7) * DAY;
const MONDAY = iso(mondayMs);
const MONDAY_MORNING = new Date(mondayMs + 9.5 * 3600_000);
const SUGGESTIONS =
  '1. Ring the three wholesale cafés about the Christmas boxes.\n2. Post the stollen photos on Instagram.\n3. Chase the two late invoices.';

let t: TestServer;
let openai: FakeProvider;

beforeAll(async () => {
  openai = await startFakeOpenAI();
  t = await startTestServer({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: openai.baseURL, AI_MODEL: 'coach-small' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await openai?.close();
}, 60_000);
beforeEach(() => openai.reset());

/** An onboarded customer tracking revenue (£1,000 then £1,200 the last two weeks), with a task due and a late one. */
async function customer(opts: { timeZone?: string; withPlan?: boolean } = {}): Promise<TestUser> {
  const u = await createTestUser(t);
  await t.server.ctx.db.query(
    `update public.business_profiles set onboarding_completed = true, business_name = 'Harbour Bakes', key_metrics = '{revenue}' where user_id = $1`,
    [u.id],
  );
  if (opts.timeZone) expect((await u.client.from('profiles').update({ time_zone: opts.timeZone }).eq('id', u.id)).error).toBeNull();
  const values = [
    { metric_id: 'revenue', period: 'week', period_start: iso(mondayMs - 14 * DAY), value: 1000 },
    { metric_id: 'revenue', period: 'week', period_start: iso(mondayMs - 7 * DAY), value: 1200 },
  ];
  expect((await u.client.from('metric_values').insert(values)).error).toBeNull();
  if (opts.withPlan !== false) {
    const plan: PlanEdit = {
      op: 'createPlan',
      title: 'Harbour Bakes',
      phases: [{ name: 'Foundations', tasks: [{ title: 'Order Christmas boxes' }, { title: 'Photograph the stollen' }] }],
    };
    expect((await u.client.functions.invoke('plan/edits', { body: { edits: [plan] } })).error).toBeNull();
    const { data: tasks } = await u.client.from('action_plan_tasks').select('id').order('position');
    const [a, b] = tasks!.map((x) => x.id as string);
    const edits: PlanEdit[] = [
      { op: 'updateTask', taskId: a!, dueDate: iso(mondayMs + 2 * DAY) },
      { op: 'updateTask', taskId: b!, dueDate: iso(mondayMs - 3 * DAY) },
    ];
    expect((await u.client.functions.invoke('plan/edits', { body: { edits } })).error).toBeNull();
  }
  return u;
}

const mailsTo = async (email: string, server: RunningServer = t.server) => (await server.ctx.mailer.outbox()).filter((m) => m.to === email);
const reviewOf = async (userId: string) =>
  (
    await t.server.ctx.db.query<{ status: string; reason: string | null; content: WeeklyReviewContent | null; week_start: string }>(
      `select status, reason, content, to_char(week_start, 'YYYY-MM-DD') as week_start from public.weekly_reviews where user_id = $1`,
      [userId],
    )
  ).rows;
const coachCharges = async (userId: string) =>
  (
    await t.server.ctx.db.query<{ delta: number }>(`select delta from public.credit_ledger where user_id = $1 and reason = 'coach'`, [
      userId,
    ])
  ).rows;

async function withConfig(over: Partial<Config>, fn: () => Promise<void>) {
  const cfg = t.server.ctx.config as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(over).map((k) => [k, cfg[k]]));
  Object.assign(cfg, over);
  try {
    await fn();
  } finally {
    Object.assign(cfg, saved);
  }
}

describe('weekly review', () => {
  it('mails what moved, the tasks due and late, and the coach’s three suggestions, once, charged like a reply', async () => {
    const u = await customer();
    openai.script({ text: SUGGESTIONS, usage: { inputTokens: 1500, outputTokens: 300 } });
    // two runs racing (two instances' jobs), then a later one: one review, one provider call, one charge
    await Promise.all([sendWeeklyReviews(t.server.ctx, MONDAY_MORNING), sendWeeklyReviews(t.server.ctx, MONDAY_MORNING)]);
    await sendWeeklyReviews(t.server.ctx, new Date(MONDAY_MORNING.getTime() + 3600_000));

    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.text).toContain('What moved');
    expect(mail.text).toMatch(/• Revenue £1,200 in the week of .+, up 20 % on the week before \(£1,000\)/);
    expect(mail.text).toMatch(/Due this week\n• Order Christmas boxes \(due /);
    expect(mail.text).toMatch(/Late\n• Photograph the stollen \(due /);
    expect(mail.text).toContain('• Ring the three wholesale cafés about the Christmas boxes.');
    expect(mail.text).toContain('• Chase the two late invoices.');

    // the provider's request carried the numbers and the plan
    expect(openai.requests()).toHaveLength(1);
    const body = JSON.stringify(openai.requests()[0]!.body.messages);
    expect(body).toContain('Revenue £1,200');
    expect(body).toContain('up 20 % on the week before (£1,000)');
    expect(body).toContain('Order Christmas boxes');
    expect(body).toContain('Photograph the stollen');

    const [row] = await reviewOf(u.id);
    expect(row).toMatchObject({ status: 'sent', reason: null, week_start: MONDAY });
    expect(row!.content!.suggestions).toHaveLength(3);
    expect(row!.content!.metrics).toEqual([
      expect.objectContaining({ metric: 'revenue', period: 'week', value: 1200, previous: 1000, changePct: 20, direction: 'up' }),
    ]);
    // 1,800 tokens: 2 credits, as a coach reply would cost
    expect(await coachCharges(u.id)).toEqual([{ delta: -2 }]);
  });

  it('is included at no charge on Growth', async () => {
    const u = await customer({ withPlan: false });
    await serviceClient(t).from('subscriptions').update({ plan_id: 'growth', status: 'active' }).eq('user_id', u.id);
    openai.script({ text: SUGGESTIONS, usage: { inputTokens: 1500, outputTokens: 300 } });
    await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    expect((await reviewOf(u.id))[0]).toMatchObject({ status: 'sent', content: expect.objectContaining({ credits: 0 }) });
    expect(await coachCharges(u.id)).toEqual([]);
    expect((await mailsTo(u.email))[0]!.text).toContain('No plan yet.');
  });

  it('out of credits: mailed without suggestions, saying why, recorded as skipped with the reason; the coach not asked', async () => {
    const u = await customer();
    const { data: start } = await u.client.rpc('credit_balance');
    expect(
      (
        await serviceClient(t)
          .from('credit_ledger')
          .insert({ user_id: u.id, delta: -(start as number), reason: 'test_spend' })
      ).error,
    ).toBeNull();
    await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    expect(openai.requests()).toEqual([]);
    expect(await reviewOf(u.id)).toEqual([
      expect.objectContaining({ status: 'skipped', reason: 'out_of_credits', content: expect.objectContaining({ suggestions: [] }) }),
    ]);
    const [mail] = await mailsTo(u.email);
    expect(mail!.text).toContain('Revenue £1,200');
    expect(mail!.text).toContain('No suggestions from the coach this week: your account is out of credits.');
    expect(await coachCharges(u.id)).toEqual([]);
  });

  it('coach not configured: skipped with that reason, the numbers still mailed', async () => {
    const u = await customer();
    await withConfig({ AI_PROVIDER: undefined }, async () => {
      await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    });
    expect((await reviewOf(u.id))[0]).toMatchObject({ status: 'skipped', reason: 'coach_not_configured' });
    expect((await mailsTo(u.email))[0]!.text).toContain('the AI coach is not available');
  });

  it('a mail that fails is recorded failed and sent by a later run, without asking or charging the coach again', async () => {
    const u = await customer({ withPlan: false });
    openai.script({ text: SUGGESTIONS, usage: { inputTokens: 500, outputTokens: 100 } });
    const send = vi.spyOn(t.server.ctx.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
      expect((await reviewOf(u.id))[0]).toMatchObject({ status: 'failed', reason: 'mail_failed' });
      await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    } finally {
      send.mockRestore();
    }
    expect((await reviewOf(u.id))[0]).toMatchObject({ status: 'sent', reason: null });
    expect(await mailsTo(u.email)).toHaveLength(1);
    expect(openai.requests()).toHaveLength(1);
    expect(await coachCharges(u.id)).toEqual([{ delta: -1 }]);
  });

  it('goes at 08:00 in the profile’s time zone; a customer who turned it off gets nothing', async () => {
    const ny = await customer({ timeZone: 'America/New_York', withPlan: false });
    const off = await customer({ withPlan: false });
    expect((await off.client.from('profiles').update({ weekly_review: false }).eq('id', off.id)).error).toBeNull();
    await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING); // 04:30 or 05:30 in New York
    expect(await reviewOf(ny.id)).toEqual([]);
    await sendWeeklyReviews(t.server.ctx, new Date(MONDAY_MORNING.getTime() + 5 * 3600_000)); // 09:30 or 10:30 there
    expect((await reviewOf(ny.id))[0]).toMatchObject({ status: 'sent', week_start: MONDAY });
    expect(await reviewOf(off.id)).toEqual([]);
    expect(await mailsTo(off.email)).toEqual([]);
    // a time zone the database does not know is refused
    const bad = await off.client.from('profiles').update({ time_zone: 'Mars/Olympus_Mons' }).eq('id', off.id);
    expect(bad.error?.code).toBe('22023');
  });

  it('the unsubscribe link works without signing in; headers for one-click; a forged token is refused', async () => {
    const u = await customer({ withPlan: false });
    await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    const [mail] = await mailsTo(u.email);
    const url = /Unsubscribe from weekly reviews: (\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const setting = async () =>
      (await t.server.ctx.db.query<{ weekly_review: boolean }>('select weekly_review from public.profiles where id = $1', [u.id])).rows[0]!
        .weekly_review;

    // forged: another user's id with this token's signature, or an altered signature
    const other = await createTestUser(t);
    const [, mac] = unsubscribeToken(t.server.ctx, u.id).split('.');
    for (const token of [`${other.id}.${mac}`, `${u.id}.${mac!.slice(0, -2)}xx`, 'nonsense']) {
      const res = await fetch(`${t.url}/api/weekly-review/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(res.status).toBe(400);
    }
    expect(await setting()).toBe(true);

    // GET (what a link scanner does) changes nothing and offers the button
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form method="post" action="\?token=[^"]+">\s*<button\s+type="submit"/);
    expect(await setting()).toBe(true);

    // the mail client's one-click POST, no session
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect(await setting()).toBe(false);
  });

  it('RLS: a customer reads their own reviews only, and cannot write them', async () => {
    const a = await customer({ withPlan: false });
    const b = await customer({ withPlan: false });
    await sendWeeklyReviews(t.server.ctx, MONDAY_MORNING);
    const mine = await a.client.from('weekly_reviews').select('user_id, status, week_start');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ user_id: a.id, status: 'sent', week_start: MONDAY }]);
    expect((await b.client.from('weekly_reviews').select('id').eq('user_id', a.id)).data).toEqual([]);
    expect((await anonClient(t).from('weekly_reviews').select('id')).data ?? []).toEqual([]);
    const write = await a.client.from('weekly_reviews').update({ status: 'failed' }).eq('user_id', a.id).select('id');
    expect(write.error ?? write.data).toBeTruthy();
    expect((await reviewOf(a.id))[0]!.status).toBe('sent');
    const insert = await a.client.from('weekly_reviews').insert({ user_id: a.id, week_start: iso(mondayMs - 7 * DAY), status: 'sent' });
    expect(insert.error).not.toBeNull();
  });

  it('operators see sent, skipped and failed per week; customers may not', async () => {
    const admin = await createTestUser(t, { admin: true });
    const res = await fetch(`${t.url}/api/admin/weekly-reviews?weeks=4`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as WeeklyReviewCounts;
    expect(body.weeks).toHaveLength(4);
    const week = body.weeks.find((w) => w.weekStart === MONDAY)!;
    const { rows } = await t.server.ctx.db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from public.weekly_reviews where week_start = $1 group by status`,
      [MONDAY],
    );
    const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    expect(week).toEqual({ weekStart: MONDAY, sent: n('sent'), skipped: n('skipped'), failed: n('failed') });
    expect(week.sent).toBeGreaterThan(0);
    expect(week.skipped).toBeGreaterThan(0);
    const u = await createTestUser(t);
    expect((await fetch(`${t.url}/api/admin/weekly-reviews`, { headers: { authorization: `Bearer ${u.token}` } })).status).toBe(403);
  });

  it('is scheduled every quarter hour on the job queue, and a queued run is worked', async () => {
    const { rows } = await t.server.ctx.db.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [WEEKLY_REVIEW_JOB],
    );
    expect(rows).toEqual([{ cron: '*/15 * * * *', timezone: 'UTC' }]);
    const id = (await t.server.jobs.send(WEEKLY_REVIEW_JOB, {}))!;
    wakeWorker(t.server.jobs, WEEKLY_REVIEW_JOB); // as the clock's hand-over would be found at the next poll
    await vi.waitFor(async () => expect((await t.server.jobs.getJobById(WEEKLY_REVIEW_JOB, id))?.state).toBe('completed'), {
      timeout: 20_000,
      interval: 200,
    });
  });
});

// Two server instances on one PostgreSQL, both running the review at the same moment: each customer gets one.
describe.runIf(SERVICE_DB === 'postgres')('weekly review with two instances (postgres)', () => {
  let db: TestDatabase;
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    db = await migratedPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'svc-review-'));
      dirs.push(dir);
      servers.push(
        await startServer(
          {
            NODE_ENV: 'test',
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: dir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: db.url,
            AI_PROVIDER: 'openai-compatible',
            AI_BASE_URL: openai.baseURL,
            AI_MODEL: 'coach-small',
          },
          { webDist: path.join(dir, 'no-web') },
        ),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 30_000);

  it('sends each customer’s review exactly once', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const emails: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await a.ctx.db.query<{ id: string }>(
        `insert into auth.users (email, email_confirmed_at, raw_app_meta_data) values ($1, now(), '{"provider":"email"}') returning id`,
        [`twin-${i}@example.com`],
      );
      await a.ctx.db.query(`update public.business_profiles set onboarding_completed = true where user_id = $1`, [r.rows[0]!.id]);
      emails.push(`twin-${i}@example.com`);
    }
    openai.script(...emails.map(() => ({ text: SUGGESTIONS })));
    const runs = await Promise.all([sendWeeklyReviews(a.ctx, MONDAY_MORNING), sendWeeklyReviews(b.ctx, MONDAY_MORNING)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(emails.length);
    const outbox = [...(await a.ctx.mailer.outbox()), ...(await b.ctx.mailer.outbox())];
    for (const e of emails) expect(outbox.filter((m) => m.to === e)).toHaveLength(1);
    expect(openai.requests()).toHaveLength(emails.length);
    const { rows } = await a.ctx.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from public.weekly_reviews group by status',
    );
    expect(rows).toEqual([{ status: 'sent', n: emails.length }]);
  });
});
