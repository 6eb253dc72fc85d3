import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { periodStart, type PlanEdit } from '@app/shared';
import { CONNECTION_RUNS_PER_MONTH } from '@app/shared/connections';
import { CONNECTION_SCHEDULES_JOB, fireDueSchedules } from '../src/connections/schedule.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, type TestUser } from './tokens.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

/**
 * Issue 40: connections that run, against real local receivers. Retries wait CONNECTIONS_RETRY_BASE_MS (50 ms here,
 * two minutes by default); the receivers are on 127.0.0.1, so this server allows private networks (the refusal
 * without the setting is tested on a second server below).
 */
let t: TestServer;
let rx: Receiver;
beforeAll(async () => {
  t = await startTestServer({
    CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
    CONNECTIONS_RETRY_BASE_MS: '50',
    CONNECTIONS_TIMEOUT_SECONDS: '3',
    LOG_LEVEL: process.env.CONN_LOG ?? 'silent',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

/** A customer on `plan` (new accounts trial the Basic plan, which cannot create connections). */
async function customer(server: TestServer, plan: 'basic' | 'pro' | 'enterprise' = 'pro'): Promise<TestUser> {
  const u = await createTestUser(server);
  await server.server.ctx.db.query('update public.subscriptions set plan_id = $2 where user_id = $1', [u.id, plan]);
  return u;
}

interface Created {
  id: string;
  inbound_token: string;
  signing_secret: string;
}

async function createConnection(u: TestUser, steps: unknown[], extra: Record<string, unknown> = {}): Promise<Created> {
  const { data, error } = await u.client
    .from('connections')
    .insert({ name: 'Orders to my tools', enabled: true, trigger: { type: 'webhook' }, steps, ...extra })
    .select('id, inbound_token, signing_secret')
    .single();
  expect(error).toBeNull();
  return data as Created;
}

const hook = (server: TestServer, token: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}/hooks/v1/${token}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** A stored request or response record (JSON). */
type Stored = { url?: string; status?: number; body?: string; headers: Record<string, string> };

interface RunRow {
  id: string;
  status: string;
  kind: string;
  error: string | null;
  payload: unknown;
  connection_run_steps: {
    step_index: number;
    attempt: number;
    status: string;
    type: string;
    request: Stored;
    response: Stored;
    error: string | null;
  }[];
}

async function runOf(u: TestUser, runId: string): Promise<RunRow> {
  const { data, error } = await u.client
    .from('connection_runs')
    .select('id, status, kind, error, payload, connection_run_steps(step_index, attempt, status, type, request, response, error)')
    .eq('id', runId)
    .single();
  expect(error).toBeNull();
  const run = data as unknown as RunRow;
  run.connection_run_steps.sort((a, b) => a.step_index - b.step_index || a.attempt - b.attempt);
  return run;
}

/** Waits until the run has finished (succeeded or failed); no fixed sleeps. */
async function finished(u: TestUser, runId: string, timeout = 30_000): Promise<RunRow> {
  let run: RunRow | undefined;
  await vi.waitFor(
    async () => {
      run = await runOf(u, runId);
      expect(['succeeded', 'failed']).toContain(run.status);
    },
    { timeout, interval: 150 },
  );
  return run!;
}

async function accepted(res: Response): Promise<string> {
  expect(res.status).toBe(202);
  const body = (await res.json()) as { run_id: string; status: string };
  expect(body.status).toBe('queued');
  return body.run_id;
}

describe(`connections (${SERVICE_DB})`, () => {
  beforeAll(async () => {
    rx = await startReceiver();
  });
  afterAll(() => rx?.close());

  it('an inbound webhook runs a two-step connection end to end, signed as Standard Webhooks says', async () => {
    const u = await customer(t);
    const plan: PlanEdit = { op: 'createPlan', title: 'Shop', phases: [{ name: 'Foundations', tasks: [{ title: 'Open the shop' }] }] };
    expect((await u.client.functions.invoke('plan/edits', { body: { edits: [plan] } })).error).toBeNull();
    const conn = await createConnection(u, [
      { type: 'webhook', url: `${rx.url}/orders?api_key=hush`, fields: { order: '{{order.id}}', total: '{{order.total}}' } },
      { type: 'plan_task', title: 'Ship order {{order.id}} to {{customer.name}}', phase: 1 },
    ]);
    const before = rx.received.length;
    const runId = await accepted(await hook(t, conn.inbound_token, { order: { id: 'A-17', total: 42.5 }, customer: { name: 'Ada' } }));
    const run = await finished(u, runId);
    expect(run).toMatchObject({ status: 'succeeded', kind: 'trigger', error: null });
    expect(run.payload).toEqual({ order: { id: 'A-17', total: 42.5 }, customer: { name: 'Ada' } });

    // the receiver got one signed request, which the standardwebhooks library verifies with the connection's secret
    const [got] = (await rx.waitFor(before + 1)).slice(before);
    expect(got!.path).toBe('/orders?api_key=hush');
    const verified = new Webhook(conn.signing_secret).verify(got!.body, got!.headers as Record<string, string>) as Record<string, unknown>;
    expect(verified).toMatchObject({ type: 'connection.run', data: { order: 'A-17', total: '42.5' }, run_id: runId });
    // a wrong secret does not verify
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret 12345678').toString('base64')}`).verify(
        got!.body,
        got!.headers as Record<string, string>,
      ),
    ).toThrow();

    // the second step added the task to the owner's plan, as the owner
    const { data: tasks } = await u.client.from('action_plan_tasks').select('title').order('position');
    expect(tasks!.map((x) => x.title)).toContain('Ship order A-17 to Ada');

    // the history: both steps, the signature and the address's secret redacted, the answer kept
    expect(run.connection_run_steps.map((s) => [s.step_index, s.type, s.status])).toEqual([
      [0, 'webhook', 'succeeded'],
      [1, 'plan_task', 'succeeded'],
    ]);
    const sent = run.connection_run_steps[0]!;
    expect(sent.request.headers['webhook-signature']).toBe('[redacted]');
    expect(sent.request.headers['webhook-id']).toBe(got!.headers['webhook-id']);
    expect(sent.request.url).toBe(`${rx.url}/orders?api_key=%5Bredacted%5D`);
    expect(JSON.stringify(run)).not.toContain(conn.signing_secret);
    expect(JSON.stringify(run)).not.toContain(String(got!.headers['webhook-signature']).slice(3, 20));
    expect(sent.response).toMatchObject({ status: 200, body: '{"ok":true,"status":200}' });
  });

  it('form posts become the payload; e-mail and metric steps act for the owner', async () => {
    const u = await customer(t);
    const conn = await createConnection(u, [
      { type: 'email', subject: 'New lead: {{name}}', body: 'Budget {{budget}} from {{ email }}' },
      { type: 'record_metric', metric: 'leads', value: '{{count}}', period: 'month' },
    ]);
    const form = new URLSearchParams({ name: 'Grace', budget: '£1,200', email: 'grace@example.com', count: '7' });
    const runId = await accepted(
      await hook(t, conn.inbound_token, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    const run = await finished(u, runId);
    expect(run.status).toBe('succeeded');
    expect(run.payload).toEqual({ name: 'Grace', budget: '£1,200', email: 'grace@example.com', count: '7' });
    const mails = (await t.server.ctx.mailer.outbox()).filter((m) => m.to === u.email);
    expect(mails.map((m) => m.subject)).toEqual(['New lead: Grace']);
    expect(mails[0]!.text).toContain('Budget £1,200 from grace@example.com');
    const { data: values } = await u.client.from('metric_values').select('metric_id, period, period_start, value, source');
    expect(values).toEqual([
      { metric_id: 'leads', period: 'month', period_start: periodStart('month', new Date()), value: 7, source: 'connection' },
    ]);
  });

  it('a receiver failing twice then succeeding gets the same webhook-id three times; the run ends succeeded', async () => {
    const u = await customer(t);
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/flaky` }]);
    const before = rx.received.length;
    rx.script.push(503, 502);
    const runId = await accepted(await hook(t, conn.inbound_token, { n: 1 }));
    const run = await finished(u, runId);
    const got = rx.received.slice(before);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    for (const g of got)
      expect(new Webhook(conn.signing_secret).verify(g.body, g.headers as Record<string, string>)).toMatchObject({ data: { n: 1 } });
    expect(run.status).toBe('succeeded');
    expect(run.connection_run_steps.map((s) => [s.attempt, s.status, s.response?.status])).toEqual([
      [1, 'retrying', 503],
      [2, 'retrying', 502],
      [3, 'succeeded', 200],
    ]);
  });

  it('a 4xx is not retried: the run fails at once, the owner is mailed once, and a re-run delivers it', async () => {
    const u = await customer(t);
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/strict` }]);
    const before = rx.received.length;
    rx.script.push(422, 410);
    const first = await finished(u, await accepted(await hook(t, conn.inbound_token, { n: 1 })));
    const second = await finished(u, await accepted(await hook(t, conn.inbound_token, { n: 2 })));
    expect(rx.received.length - before).toBe(2);
    expect(first).toMatchObject({ status: 'failed', error: 'Step 1 (webhook) failed: The receiver answered 422' });
    expect(first.connection_run_steps).toHaveLength(1);
    expect(second.status).toBe('failed');
    // two failures the same day: one mail
    const mails = (await t.server.ctx.mailer.outbox()).filter((m) => m.to === u.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your connection "Orders to my tools" failed']);

    // only a failed run can be run again; the re-run carries the same payload and this time succeeds
    const rerun = await u.client.functions.invoke('connections/rerun', { body: { run_id: first.id } });
    expect(rerun.error).toBeNull();
    const again = await finished(u, (rerun.data as { run_id: string }).run_id);
    expect(again).toMatchObject({ status: 'succeeded', kind: 'rerun', payload: { n: 1 } });
    const refused = await u.client.functions.invoke('connections/rerun', { body: { run_id: again.id } });
    expect(refused.response?.status).toBe(409);
  });

  it('a test run with a sample payload works on a connection not yet switched on; its webhook stays closed', async () => {
    const u = await customer(t);
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/test` }], { enabled: false });
    expect((await hook(t, conn.inbound_token, { live: true })).status).toBe(409);
    const res = await u.client.functions.invoke('connections/test', { body: { connection_id: conn.id, payload: { sample: 'yes' } } });
    expect(res.error).toBeNull();
    const run = await finished(u, (res.data as { run_id: string }).run_id);
    expect(run).toMatchObject({ status: 'succeeded', kind: 'test', payload: { sample: 'yes' } });
    // switched on, the webhook takes runs
    expect((await u.client.from('connections').update({ enabled: true }).eq('id', conn.id)).error).toBeNull();
    expect((await hook(t, conn.inbound_token, { live: true })).status).toBe(202);
  });

  it('refuses what it cannot take: unknown addresses, other media types, oversized bodies, bad sender signatures', async () => {
    const u = await customer(t);
    const sender = `whsec_${Buffer.from('the sender shares this secret!!').toString('base64')}`;
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/x` }], {
      trigger: { type: 'webhook', verify: { kind: 'standard', secret: sender } },
    });
    expect((await hook(t, 'f'.repeat(64), {})).status).toBe(404);
    expect((await hook(t, 'not-a-token', {})).status).toBe(404);
    expect((await hook(t, conn.inbound_token, '<xml/>', { 'content-type': 'application/xml' })).status).toBe(415);
    expect((await hook(t, conn.inbound_token, { big: 'x'.repeat(300 * 1024) })).status).toBe(413);
    expect((await hook(t, conn.inbound_token, { unsigned: true })).status).toBe(401);
    const body = JSON.stringify({ signed: true });
    const id = 'msg_sender_1';
    const now = new Date();
    const signed = await hook(t, conn.inbound_token, body, {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(sender).sign(id, now, body),
    });
    expect(signed.status).toBe(202);
  });

  it('another user can never read a connection, its secrets or its runs, nor create one without the plan feature', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const conn = await createConnection(a, [{ type: 'webhook', url: `${rx.url}/private` }]);
    expect(conn.inbound_token).toMatch(/^[0-9a-f]{64}$/);
    expect(conn.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{40}$/);
    const runId = await accepted(await hook(t, conn.inbound_token, { secret: 'payload' }));
    await finished(a, runId);

    // shown once: not even the owner reads them back
    const again = await a.client.from('connections').select('inbound_token, signing_secret').eq('id', conn.id).single();
    expect(again.data).toEqual({ inbound_token: null, signing_secret: null });
    // another user sees nothing, changes nothing, rotates nothing
    expect((await b.client.from('connections').select('*')).data).toEqual([]);
    expect((await b.client.from('connection_runs').select('*')).data).toEqual([]);
    expect((await b.client.from('connection_run_steps').select('*')).data).toEqual([]);
    expect((await b.client.from('connections').update({ name: 'mine now' }).eq('id', conn.id).select()).data).toEqual([]);
    expect((await b.client.rpc('rotate_connection_secret', { connection_id: conn.id })).error).not.toBeNull();
    expect((await b.client.rpc('regenerate_connection_token', { connection_id: conn.id })).error).not.toBeNull();
    expect((await b.client.functions.invoke('connections/test', { body: { connection_id: conn.id } })).response?.status).toBe(404);
    expect((await b.client.functions.invoke('connections/rerun', { body: { run_id: runId } })).response?.status).toBe(404);
    // visitors neither
    expect((await anonClient(t).from('connections').select('*')).data ?? []).toEqual([]);
    expect((await anonClient(t).from('connection_runs').select('*')).data ?? []).toEqual([]);
    // the owner cannot write run records or set the secrets
    expect((await a.client.from('connection_runs').insert({ connection_id: conn.id, user_id: a.id })).error).not.toBeNull();
    expect(
      (
        await a.client
          .from('connections')
          .update({ inbound_token: 'f'.repeat(64) })
          .eq('id', conn.id)
      ).error,
    ).not.toBeNull();

    // the owner rotates: the new secret signs, the new token works and the old one stops
    const secret = await a.client.rpc('rotate_connection_secret', { connection_id: conn.id });
    expect(secret.data).toMatch(/^whsec_/);
    const token = await a.client.rpc('regenerate_connection_token', { connection_id: conn.id });
    expect(token.data).toMatch(/^[0-9a-f]{64}$/);
    expect((await hook(t, conn.inbound_token, {})).status).toBe(404);
    const before = rx.received.length;
    await finished(a, await accepted(await hook(t, token.data as string, { rotated: true })));
    const [got] = (await rx.waitFor(before + 1)).slice(before);
    expect(new Webhook(secret.data as string).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      data: { rotated: true },
    });

    // the Basic plan cannot create connections (connect_anything_custom gates them, as it gates the planner)
    const basic = await customer(t, 'basic');
    const refused = await basic.client.from('connections').insert({ name: 'x', steps: [] });
    expect(refused.error?.code).toBe('42501');
  });

  it('a scheduled connection runs once when its time comes round in its time zone, whoever checks', async () => {
    const u = await customer(t);
    const trigger = { type: 'schedule', every: 'day', at: '09:00', timezone: 'Europe/London' };
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/daily` }], { trigger });
    // checked every minute, once across instances, on the job queue
    const { rows } = await t.server.ctx.db.query<{ cron: string }>('select cron from pgboss.schedule where name = $1', [
      CONNECTION_SCHEDULES_JOB,
    ]);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
    // a webhook URL does not start it
    expect((await hook(t, conn.inbound_token, {})).status).toBe(409);
    const ctx = t.server.ctx;
    const jobs = t.server.jobs;
    const runsOf = async () => (await u.client.from('connection_runs').select('id, payload').eq('connection_id', conn.id)).data!;
    await fireDueSchedules(ctx, jobs, new Date('2026-11-30T08:59:00Z'));
    expect(await runsOf()).toEqual([]);
    // 09:00 in London (GMT in November); two instances checking at once, and again a minute later: one run
    await Promise.all([
      fireDueSchedules(ctx, jobs, new Date('2026-11-30T09:00:05Z')),
      fireDueSchedules(ctx, jobs, new Date('2026-11-30T09:00:20Z')),
    ]);
    await fireDueSchedules(ctx, jobs, new Date('2026-11-30T09:01:00Z'));
    const runs = await runsOf();
    expect(runs.map((r) => r.payload)).toEqual([{ scheduled_for: '2026-11-30 09:00', timezone: 'Europe/London', every: 'day' }]);
    expect(await finished(u, runs[0]!.id)).toMatchObject({ status: 'succeeded' });
    // paused: not run
    expect((await u.client.from('connections').update({ enabled: false }).eq('id', conn.id)).error).toBeNull();
    await fireDueSchedules(ctx, jobs, new Date('2026-12-01T09:00:00Z'));
    expect(await runsOf()).toHaveLength(1);
  });

  it('the monthly limit holds under 50 parallel triggers', async () => {
    const u = await customer(t);
    const conn = await createConnection(u, [{ type: 'webhook', url: `${rx.url}/limit` }]);
    const limit = CONNECTION_RUNS_PER_MONTH.pro!;
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    // the month's counter five short of the limit
    await t.server.ctx.db.query('insert into internal.connection_run_usage (user_id, month, runs) values ($1, $2, $3)', [
      u.id,
      month,
      limit - 5,
    ]);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => hook(t, conn.inbound_token, { i })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    const refusal = (await answers.find((r) => r.status === 429)!.json()) as { code: string; message: string };
    expect(refusal).toEqual({
      code: 'connection_run_limit',
      message: `This connection has used all ${limit.toLocaleString('en-GB')} runs of its plan this month. Upgrade the plan or wait until next month.`,
    });
    const { rows } = await t.server.ctx.db.query<{ runs: number; refused: number }>(
      'select runs, refused from internal.connection_run_usage where user_id = $1 and month = $2',
      [u.id, month],
    );
    expect(rows).toEqual([{ runs: limit, refused: 45 }]);
    const { count } = await u.client.from('connection_runs').select('id', { count: 'exact', head: true });
    expect(count).toBe(5);
  });
});

describe(`connections without CONNECTIONS_ALLOW_PRIVATE_NETWORKS (${SERVICE_DB})`, () => {
  let strict: TestServer;
  let local: Receiver;
  beforeAll(async () => {
    strict = await startTestServer({ CONNECTIONS_RETRY_BASE_MS: '50' });
    local = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await local?.close();
    await strict?.close();
  }, 60_000);

  it('a private address is refused (after resolving the name) and not retried; nothing reaches it', async () => {
    const u = await customer(strict);
    const port = new URL(local.url).port;
    for (const url of [`${local.url}/in`, `http://localhost:${port}/in`, `http://[::ffff:127.0.0.1]:${port}/in`]) {
      const conn = await createConnection(u, [{ type: 'webhook', url }]);
      const run = await finished(u, await accepted(await hook(strict, conn.inbound_token, { x: 1 })));
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/Refused: .* is a private, loopback, link-local or reserved address/);
      expect(run.connection_run_steps).toHaveLength(1);
    }
    expect(local.received).toEqual([]);
  });
});
