import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { periodStart, type PlanEdit } from '@app/shared';
import { CONNECTION_EVENT_SAMPLES, CONNECTION_RUNS_PER_MONTH, type ConnectionRunCounts } from '@app/shared/connections';
import { startFakeOpenAI, type FakeProvider } from '../../e2e/support/fake-openai.js';
import { COACH_STEP_TEXT } from '../src/connections/coach-step.js';
import type { Config } from '../src/config.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { chunks } from './support/ui-stream.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issue 40: connections started by events in the product (a plan task completed, a figure recorded), whatever path
 * wrote the row; the coach step (through the AI provider stand-in, charged in credits); the coach's proposeConnection
 * tool; and the operators' count of runs refused at the monthly limit. Real server, real receiver.
 */
let t: TestServer;
let rx: Receiver;
let ai: FakeProvider;
beforeAll(async () => {
  [rx, ai] = await Promise.all([startReceiver(), startFakeOpenAI()]);
  t = await startTestServer({
    CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
    CONNECTIONS_RETRY_BASE_MS: '50',
    CONNECTIONS_TIMEOUT_SECONDS: '3',
    CONNECTIONS_EVENT_POLL_MS: '100',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: ai.baseURL,
    AI_MODEL: 'coach-small',
    LOG_LEVEL: process.env.CONN_LOG ?? 'silent',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([rx?.close(), ai?.close()]);
}, 60_000);
beforeEach(() => ai.reset());

const db = () => t.server.ctx.db;

async function customer(plan: 'basic' | 'pro' | 'enterprise' = 'pro'): Promise<TestUser> {
  const u = await createTestUser(t);
  await db().query('update public.subscriptions set plan_id = $2 where user_id = $1', [u.id, plan]);
  return u;
}

async function connect(u: TestUser, trigger: unknown, steps: unknown[], extra: Record<string, unknown> = {}) {
  const { data, error } = await u.client
    .from('connections')
    .insert({ name: 'Events to my tools', enabled: true, trigger, steps, ...extra })
    .select('id, inbound_token, signing_secret')
    .single();
  expect(error).toBeNull();
  return data as { id: string; inbound_token: string; signing_secret: string };
}

interface Step {
  step_index: number;
  attempt: number;
  type: string;
  status: string;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  error: string | null;
}
interface Run {
  id: string;
  status: string;
  kind: string;
  error: string | null;
  payload: Record<string, unknown>;
  event_depth: number;
  connection_id: string;
  connection_run_steps: Step[];
}

async function runsOf(u: TestUser, connectionId?: string): Promise<Run[]> {
  let q = u.client
    .from('connection_runs')
    .select('id, status, kind, error, payload, event_depth, connection_id, connection_run_steps(*)')
    .order('created_at');
  if (connectionId) q = q.eq('connection_id', connectionId);
  const { data, error } = await q;
  expect(error).toBeNull();
  const runs = data as unknown as Run[];
  for (const r of runs) r.connection_run_steps.sort((a, b) => a.step_index - b.step_index || a.attempt - b.attempt);
  return runs;
}

/** Waits until `n` runs of the connection exist and all have finished (no fixed sleeps). */
async function finishedRuns(u: TestUser, connectionId: string, n = 1): Promise<Run[]> {
  let runs: Run[] = [];
  await vi.waitFor(
    async () => {
      runs = await runsOf(u, connectionId);
      expect(runs).toHaveLength(n);
      for (const r of runs) expect(['succeeded', 'failed']).toContain(r.status);
    },
    { timeout: 30_000, interval: 100 },
  );
  return runs;
}

/**
 * Everything an event of this owner became so far: events still waiting plus runs. An event is recorded in the
 * writer's own transaction and becomes runs in one transaction with its removal, so right after a write this
 * count already includes whatever the write caused.
 */
async function eventsAndRuns(userId: string): Promise<{ waiting: number; runs: number }> {
  const { rows } = await db().query<{ waiting: number; runs: number }>(
    `select (select count(*)::int from internal.connection_events where user_id = $1) as waiting,
            (select count(*)::int from public.connection_runs where user_id = $1) as runs`,
    [userId],
  );
  return rows[0]!;
}

/** All of the owner's events have become runs. */
const drained = (userId: string) =>
  vi.waitFor(async () => expect((await eventsAndRuns(userId)).waiting).toBe(0), { timeout: 20_000, interval: 100 });

const month = () => `${new Date().toISOString().slice(0, 7)}-01`;

async function withPlan(u: TestUser) {
  const plan: PlanEdit = {
    op: 'createPlan',
    title: 'Harbour Bakes',
    phases: [{ name: 'Foundations', tasks: [{ title: 'Write the brand story' }, { title: 'Open the shop' }, { title: 'Hire a baker' }] }],
  };
  expect((await u.client.functions.invoke('plan/edits', { body: { edits: [plan] } })).error).toBeNull();
  const { data } = await u.client.from('action_plan_tasks').select('id, title, phase, due_date').order('position');
  return data as { id: string; title: string; phase: number; due_date: string | null }[];
}

const received = (path: string) => rx.received.filter((r) => r.path === path);

const postCoach = (u: TestUser, body: unknown) =>
  fetch(`${t.url}/functions/v1/coach`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify(body),
  });

describe(`product-event triggers (${SERVICE_DB})`, () => {
  it('completing a plan task through /rest/v1 starts its event connection, which posts the task to a local receiver', async () => {
    const u = await customer();
    const tasks = await withPlan(u);
    const conn = await connect(u, { type: 'event', event: 'plan_task_completed' }, [{ type: 'webhook', url: `${rx.url}/task-done` }]);

    const done = await u.client.from('action_plan_tasks').update({ status: 'done' }).eq('id', tasks[0]!.id).select('done_at').single();
    expect(done.error).toBeNull();
    const [run] = await finishedRuns(u, conn.id);
    expect(run).toMatchObject({ status: 'succeeded', kind: 'trigger', event_depth: 0 });
    const task = { id: tasks[0]!.id, title: 'Write the brand story', phase: 1, due_date: tasks[0]!.due_date };
    expect(run!.payload).toMatchObject({ task });
    // exactly the documented shape (the web form's sample has the same fields)
    expect(Object.keys(run!.payload)).toEqual(Object.keys(CONNECTION_EVENT_SAMPLES.plan_task_completed));
    expect(Object.keys(run!.payload.task as object).sort()).toEqual(Object.keys(CONNECTION_EVENT_SAMPLES.plan_task_completed.task).sort());
    expect(new Date((run!.payload.task as { completed_at: string }).completed_at).getTime()).toBe(
      new Date(done.data!.done_at as string).getTime(),
    );

    // the receiver got it, signed with the connection's secret
    const [got] = await vi.waitFor(() => {
      const r = received('/task-done');
      expect(r).toHaveLength(1);
      return r;
    });
    const body = new Webhook(conn.signing_secret).verify(got!.body, got!.headers as Record<string, string>) as { data: unknown };
    expect(body.data).toEqual(run!.payload);
  });

  it("fires for the plan editor's and the coach's approved edits too, and only when a task moves to done", async () => {
    const u = await customer();
    const tasks = await withPlan(u);
    const conn = await connect(u, { type: 'event', event: 'plan_task_completed' }, [{ type: 'webhook', url: `${rx.url}/edits` }]);
    // the plan editor (applyPlanEdits)
    const edits = (e: PlanEdit[]) => u.client.functions.invoke('plan/edits', { body: { edits: e } });
    expect((await edits([{ op: 'completeTask', taskId: tasks[1]!.id, done: true }])).error).toBeNull();
    const [run] = await finishedRuns(u, conn.id);
    expect(run!.payload).toMatchObject({ task: { id: tasks[1]!.id, title: 'Open the shop' } });

    // the coach's edit, applied when the customer approves it in the conversation
    ai.script({ toolCalls: [{ name: 'completePlanTask', arguments: { taskId: tasks[2]!.id, done: true, why: 'Ticked off the hire' } }] });
    const cs = await chunks(await postCoach(u, { message: 'I hired the baker' }));
    const request = cs.find((c) => c.type === 'tool-approval-request')!;
    const conversationId = (cs.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
    expect(await eventsAndRuns(u.id)).toEqual({ waiting: 0, runs: 1 }); // proposed only: nothing yet
    ai.script({ text: 'Well done.' });
    await chunks(await postCoach(u, { conversationId, approvals: [{ id: request.approvalId, approved: true }] }));
    const runs = await finishedRuns(u, conn.id, 2);
    expect(runs[1]!.payload).toMatchObject({ task: { id: tasks[2]!.id, title: 'Hire a baker' } });

    // a done task edited again, or another moved to doing, is no event
    const before = await eventsAndRuns(u.id);
    expect((await edits([{ op: 'updateTask', taskId: tasks[1]!.id, title: 'Open the shop on Saturday' }])).error).toBeNull();
    expect((await u.client.from('action_plan_tasks').update({ status: 'doing' }).eq('id', tasks[0]!.id)).error).toBeNull();
    expect(await eventsAndRuns(u.id)).toEqual(before);
  });

  it('recording a figure starts a metric_recorded connection: a new one and a changed one, not the same one again', async () => {
    const u = await customer();
    const conn = await connect(u, { type: 'event', event: 'metric_recorded' }, [
      { type: 'webhook', url: `${rx.url}/figure`, fields: { text: '{{metric.id}} is {{metric.value}} ({{metric.source}})' } },
    ]);
    const start = periodStart('month', new Date());
    const row = { metric_id: 'revenue', period: 'month', period_start: start };
    expect((await u.client.from('metric_values').insert({ ...row, value: 1200 })).error).toBeNull();
    const [first] = await finishedRuns(u, conn.id);
    expect(first!.payload).toEqual({ metric: { id: 'revenue', period: 'month', period_start: start, value: 1200, source: 'manual' } });
    expect(Object.keys(first!.payload.metric as object).sort()).toEqual(
      Object.keys(CONNECTION_EVENT_SAMPLES.metric_recorded.metric).sort(),
    );

    // the same value written again is no news; a changed one is
    const upsert = (value: number) =>
      u.client.from('metric_values').upsert({ ...row, value }, { onConflict: 'user_id,metric_id,period,period_start' });
    expect((await upsert(1200)).error).toBeNull();
    expect(await eventsAndRuns(u.id)).toMatchObject({ runs: 1, waiting: 0 });
    expect((await upsert(1350)).error).toBeNull();
    await finishedRuns(u, conn.id, 2);
    // a CSV import: one event per figure it adds or changes
    const imported = await u.client.functions.invoke('metrics/import', {
      body: { series: [{ metric_id: 'leads', period: 'month', values: { [start]: 40 } }] },
    });
    expect(imported.error).toBeNull();
    const runs = await finishedRuns(u, conn.id, 3);
    expect(runs.map((r) => r.payload.metric)).toMatchObject([
      { id: 'revenue', value: 1200, source: 'manual' },
      { id: 'revenue', value: 1350, source: 'manual' },
      { id: 'leads', value: 40, source: 'csv' },
    ]);
    await vi.waitFor(() => expect(received('/figure')).toHaveLength(3));
    expect(received('/figure').map((r) => (JSON.parse(r.body) as { data: { text: string } }).data.text)).toEqual([
      'revenue is 1200 (manual)',
      'revenue is 1350 (manual)',
      'leads is 40 (csv)',
    ]);
  });

  it("a connection's own recorded figure does not start it again; another connection is started by it, one link deeper", async () => {
    const u = await customer();
    // records leads from every figure: its own write must not start it again (no loop)
    const loop = await connect(u, { type: 'event', event: 'metric_recorded' }, [
      { type: 'record_metric', metric: 'leads', value: '{{metric.value}}', period: 'month' },
    ]);
    // a webhook connection that records revenue; the figure it writes starts the two event connections
    const source = await connect(u, { type: 'webhook' }, [{ type: 'record_metric', metric: 'revenue', value: '{{total}}' }]);
    const watcher = await connect(u, { type: 'event', event: 'metric_recorded' }, [{ type: 'webhook', url: `${rx.url}/watch` }]);

    const res = await fetch(`${t.url}/hooks/v1/${source.inbound_token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ total: 99 }),
    });
    expect(res.status).toBe(202);
    await finishedRuns(u, source.id);
    // revenue (written by `source`) starts `loop` and `watcher`; leads (written by `loop`) starts `watcher` only
    const loopRuns = await finishedRuns(u, loop.id, 1);
    const watched = await finishedRuns(u, watcher.id, 2);
    await drained(u.id);
    expect(await eventsAndRuns(u.id)).toEqual({ waiting: 0, runs: 4 });
    expect(loopRuns[0]).toMatchObject({
      status: 'succeeded',
      event_depth: 1,
      payload: { metric: { id: 'revenue', value: 99, source: 'connection' } },
    });
    expect(watched.map((r) => [(r.payload.metric as { id: string }).id, r.event_depth]).sort()).toEqual([
      ['leads', 2],
      ['revenue', 1],
    ]);
    const { data: values } = await u.client.from('metric_values').select('metric_id, value').order('metric_id');
    expect(values).toEqual([
      { metric_id: 'leads', value: 99 },
      { metric_id: 'revenue', value: 99 },
    ]);
  });

  it('chains stop after three links: the event function records nothing at depth 4', async () => {
    const u = await customer();
    await connect(u, { type: 'event', event: 'metric_recorded' }, [{ type: 'webhook', url: `${rx.url}/deep` }]);
    const emit = (depth: number) =>
      db().transaction(async (tx) => {
        await tx.query(`select set_config('app.connection_event_depth', $1, true)`, [String(depth)]);
        const r = await tx.query<{ ok: boolean }>(`select internal.emit_connection_event($1, 'metric_recorded', '{"metric":{}}') as ok`, [
          u.id,
        ]);
        return r.rows[0]!.ok;
      });
    expect(await emit(3)).toBe(true);
    expect(await emit(4)).toBe(false);
    await drained(u.id);
    const runs = await runsOf(u);
    expect(runs.map((r) => r.event_depth)).toEqual([3]);
  });

  it('an event with no switched-on connection for it records nothing and makes no run', async () => {
    const u = await customer();
    const tasks = await withPlan(u);
    // paused, or started by another event: neither runs
    await connect(u, { type: 'event', event: 'plan_task_completed' }, [{ type: 'webhook', url: `${rx.url}/never` }], { enabled: false });
    await connect(u, { type: 'event', event: 'metric_recorded' }, [{ type: 'webhook', url: `${rx.url}/never` }]);
    expect((await u.client.from('action_plan_tasks').update({ status: 'done' }).eq('id', tasks[0]!.id)).error).toBeNull();
    expect(await eventsAndRuns(u.id)).toEqual({ waiting: 0, runs: 0 });
    // a customer with no connections at all: nothing either
    const other = await customer('basic');
    expect(
      (await other.client.from('metric_values').insert({ metric_id: 'leads', period: 'month', period_start: month(), value: 3 })).error,
    ).toBeNull();
    expect(await eventsAndRuns(other.id)).toEqual({ waiting: 0, runs: 0 });
    // the contract refuses an unknown event name
    await expect(db().query(`select internal.emit_connection_event($1, 'order_placed', '{}')`, [u.id])).rejects.toMatchObject({
      code: '22023',
    });
    expect(received('/never')).toEqual([]);
  });

  it('the monthly limit applies to event runs; refusals are counted and operators see them', async () => {
    const u = await customer();
    const limit = CONNECTION_RUNS_PER_MONTH.pro!;
    const a = await connect(u, { type: 'event', event: 'metric_recorded' }, [{ type: 'webhook', url: `${rx.url}/limit-a` }]);
    const b = await connect(u, { type: 'event', event: 'metric_recorded' }, [{ type: 'webhook', url: `${rx.url}/limit-b` }]);
    await db().query('insert into internal.connection_run_usage (user_id, month, runs) values ($1, $2, $3)', [u.id, month(), limit - 1]);
    expect(
      (await u.client.from('metric_values').insert({ metric_id: 'leads', period: 'month', period_start: month(), value: 7 })).error,
    ).toBeNull();
    await drained(u.id);
    // one event, two connections, one run left: the first connection runs, the second is refused and counted
    expect((await finishedRuns(u, a.id)).map((r) => r.status)).toEqual(['succeeded']);
    expect(await runsOf(u, b.id)).toEqual([]);
    const { rows } = await db().query('select runs, refused from internal.connection_run_usage where user_id = $1 and month = $2', [
      u.id,
      month(),
    ]);
    expect(rows).toEqual([{ runs: limit, refused: 1 }]);

    // operators: GET /api/admin/connection-runs (this month first); customers may not
    const admin = await createTestUser(t, { admin: true });
    const res = await fetch(`${t.url}/api/admin/connection-runs?months=3`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const counts = (await res.json()) as ConnectionRunCounts;
    expect(counts.months.map((m) => m.month)).toHaveLength(3);
    const { rows: totals } = await db().query<{ runs: number; refused: number; customers: number }>(
      `select sum(runs)::int as runs, sum(refused)::int as refused, (count(*) filter (where refused > 0))::int as customers
         from internal.connection_run_usage where month = $1`,
      [month()],
    );
    expect(counts.months[0]).toEqual({
      month: month().slice(0, 7),
      runs: totals[0]!.runs,
      refused: totals[0]!.refused,
      customersRefused: totals[0]!.customers,
    });
    expect(counts.months[0]!.refused).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${t.url}/api/admin/connection-runs`, { headers: { authorization: `Bearer ${u.token}` } })).status).toBe(403);
    expect(
      (await fetch(`${t.url}/api/admin/connection-runs?months=99`, { headers: { authorization: `Bearer ${admin.token}` } })).status,
    ).toBe(400);
  });

  it('failure e-mails: at most one a day per connection, and each failing connection has its own', async () => {
    const u = await customer();
    const failing = (path: string) => connect(u, { type: 'webhook' }, [{ type: 'webhook', url: `${rx.url}${path}` }]);
    const one = await failing('/gone-1');
    const two = await failing('/gone-2');
    await db().query(`update public.connections set name = 'Second' where id = $1`, [two.id]);
    rx.script.push(410, 410, 410);
    const fire = async (token: string) =>
      expect(
        (await fetch(`${t.url}/hooks/v1/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
      ).toBe(202);
    await fire(one.inbound_token);
    await finishedRuns(u, one.id);
    await fire(one.inbound_token);
    await fire(two.inbound_token);
    const failed = [...(await finishedRuns(u, one.id, 2)), ...(await finishedRuns(u, two.id))];
    expect(failed.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    await vi.waitFor(async () => expect((await t.server.ctx.mailer.outbox()).filter((m) => m.to === u.email)).toHaveLength(2));
    const subjects = (await t.server.ctx.mailer.outbox()).filter((m) => m.to === u.email).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Your connection "Events to my tools" failed', 'Your connection "Second" failed']);
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from internal.connection_failure_mails where connection_id = any($1::uuid[])',
      [[one.id, two.id]],
    );
    expect(rows[0]!.n).toBe(2);
  });
});

/** The owner's credit balance (the ledger's sum). */
async function balanceOf(userId: string): Promise<number> {
  const { rows } = await db().query<{ b: number }>(
    'select coalesce(sum(delta), 0)::int as b from public.credit_ledger where user_id = $1',
    [userId],
  );
  return rows[0]!.b;
}

const hook = (token: string, body: unknown) =>
  fetch(`${t.url}/hooks/v1/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Runs fn with some configuration changed on the running server (the worker reads it per step). */
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

describe(`the coach step (${SERVICE_DB})`, () => {
  const steps = [
    { type: 'coach', task: 'summarise', instruction: 'Summarise order {{order.id}} in one line for the team.' },
    { type: 'webhook', url: `/summary`, fields: { summary: '{{coach.text}}', order: '{{order.id}}' } },
  ];
  const withReceiver = () => steps.map((s) => (s.type === 'webhook' ? { ...s, url: `${rx.url}${s.url}` } : s));

  it("summarises through the coach's provider; the next step sends {{coach.text}}; charged in credits like a reply", async () => {
    const u = await customer();
    const conn = await connect(u, { type: 'webhook' }, withReceiver());
    const before = await balanceOf(u.id);
    ai.script({ text: 'Order A-17: two sourdough loaves, paid by card.', usage: { inputTokens: 1500, outputTokens: 600 } });
    expect((await hook(conn.inbound_token, { order: { id: 'A-17', items: ['sourdough', 'sourdough'] } })).status).toBe(202);
    const [run] = await finishedRuns(u, conn.id);
    expect(run!.status).toBe('succeeded');
    expect(run!.connection_run_steps.map((s) => [s.type, s.status])).toEqual([
      ['coach', 'succeeded'],
      ['webhook', 'succeeded'],
    ]);
    expect(run!.connection_run_steps[0]).toMatchObject({
      request: { task: 'summarise', instruction: 'Summarise order A-17 in one line for the team.' },
      response: { text: 'Order A-17: two sourdough loaves, paid by card.', credits: 3, input_tokens: 1500, output_tokens: 600 },
    });
    // the provider got the instruction and the trigger's data
    const asked = JSON.stringify(ai.requests()[0]!.body.messages);
    expect(asked).toContain('Summarise order A-17 in one line for the team.');
    expect(asked).toContain('sourdough');
    // the webhook step sent the coach's answer
    const [got] = await vi.waitFor(() => {
      const r = received('/summary');
      expect(r.length).toBeGreaterThan(0);
      return r;
    });
    expect((JSON.parse(got!.body) as { data: unknown }).data).toEqual({
      summary: 'Order A-17: two sourdough loaves, paid by card.',
      order: 'A-17',
    });
    // 2,100 tokens: 3 credits, one coach charge, no reservation left behind
    expect(await balanceOf(u.id)).toBe(before - 3);
    const { rows } = await db().query(
      `select delta, reason, input_tokens, output_tokens from public.credit_ledger where user_id = $1 and reason = 'coach'`,
      [u.id],
    );
    expect(rows).toEqual([{ delta: -3, reason: 'coach', input_tokens: 1500, output_tokens: 600 }]);
    const { rows: held } = await db().query('select id from public.credit_reservations where user_id = $1', [u.id]);
    expect(held).toEqual([]);
  });

  it('no credits left: the step fails at once with a clear message, is not retried, and nothing is sent on', async () => {
    const u = await customer();
    await db().query(`insert into public.credit_ledger (user_id, delta, reason) values ($1, $2, 'test_spend')`, [
      u.id,
      -(await balanceOf(u.id)),
    ]);
    expect(await balanceOf(u.id)).toBe(0);
    const conn = await connect(u, { type: 'webhook' }, withReceiver());
    const sent = received('/summary').length;
    expect((await hook(conn.inbound_token, { order: { id: 'B-2' } })).status).toBe(202);
    const [run] = await finishedRuns(u, conn.id);
    expect(run).toMatchObject({ status: 'failed', error: `Step 1 (coach) failed: ${COACH_STEP_TEXT.outOfCredits}` });
    expect(run!.connection_run_steps.map((s) => [s.attempt, s.status])).toEqual([[1, 'failed']]);
    expect(ai.requests()).toEqual([]);
    expect(received('/summary')).toHaveLength(sent);
  });

  it('a provider that is not configured fails the step with a clear message; a 5xx is retried, then the answer is used', async () => {
    const u = await customer();
    const conn = await connect(u, { type: 'webhook' }, withReceiver());
    await withConfig({ AI_PROVIDER: undefined }, async () => {
      expect((await hook(conn.inbound_token, { order: { id: 'C-3' } })).status).toBe(202);
      const [run] = await finishedRuns(u, conn.id);
      expect(run).toMatchObject({ status: 'failed', error: `Step 1 (coach) failed: ${COACH_STEP_TEXT.notConfigured}` });
    });
    const before = await balanceOf(u.id);
    ai.script({ status: 503, error: 'overloaded' }, { text: 'Order D-4, all good.', usage: { inputTokens: 400, outputTokens: 100 } });
    expect((await hook(conn.inbound_token, { order: { id: 'D-4' } })).status).toBe(202);
    const runs = await finishedRuns(u, conn.id, 2);
    expect(runs[1]!.status).toBe('succeeded');
    expect(runs[1]!.connection_run_steps.map((s) => [s.type, s.attempt, s.status])).toEqual([
      ['coach', 1, 'retrying'],
      ['coach', 2, 'succeeded'],
      ['webhook', 1, 'succeeded'],
    ]);
    // the failed attempt charged nothing; the answer one credit
    expect(await balanceOf(u.id)).toBe(before - 1);
  });
});

describe(`the coach proposes a connection (${SERVICE_DB})`, () => {
  const post = postCoach;
  const proposal = {
    name: 'Ticked tasks to Slack',
    trigger: { type: 'event', event: 'plan_task_completed' },
    steps: [
      { type: 'coach', task: 'draft', instruction: 'A one-line celebration of "{{task.title}}" for the team channel.' },
      { type: 'webhook', url: 'https://hooks.slack.example/services/T000?token=abc', fields: { text: '{{coach.text}}' } },
    ],
    why: 'Celebrates each finished task in your team channel',
  };
  const propose = async (u: TestUser) => {
    ai.script({ toolCalls: [{ name: 'proposeConnection', arguments: proposal }] });
    const cs = await chunks(await post(u, { message: 'Tell my team on Slack when I finish a plan task' }));
    const request = cs.find((c) => c.type === 'tool-approval-request')!;
    const conversationId = (cs.find((c) => c.type === 'data-conversation')!.data as { id: string }).id;
    return { request, conversationId };
  };

  it('nothing is created until the customer approves; then it exists paused, as theirs only, without its secrets in the chat', async () => {
    const u = await customer();
    const { request, conversationId } = await propose(u);
    expect(request.approvalDescriptor).toEqual({
      summary: 'Celebrates each finished task in your team channel',
      diff: [
        { kind: 'added', what: 'connection', label: 'Ticked tasks to Slack (paused until you test it and switch it on)' },
        { kind: 'added', what: 'trigger', label: 'When a task of your 90-day plan is completed' },
        {
          kind: 'added',
          what: 'step',
          label: '1. Ask the coach to draft (charged in credits): "A one-line celebration of "{{task.title}}" for the team channel."',
        },
        {
          kind: 'added',
          what: 'step',
          label: '2. Send the data, signed, to https://hooks.slack.example/services/T000?token=%5Bredacted%5D',
        },
      ],
    });
    expect((await u.client.from('connections').select('id')).data).toEqual([]);

    ai.script({ text: 'Done: it is created and paused. Test it and switch it on in Connect Anything.' });
    const cs = await chunks(await post(u, { conversationId, approvals: [{ id: request.approvalId, approved: true }] }));
    const output = cs.find((c) => c.type === 'tool-output-available')!.output as Record<string, unknown>;
    expect(output).toMatchObject({ created: true, name: 'Ticked tasks to Slack', enabled: false, page: '/dashboard?view=connections' });
    const { data: mine } = await u.client
      .from('connections')
      .select('id, name, enabled, trigger, steps, origin, inbound_token, signing_secret');
    expect(mine).toEqual([
      {
        id: output.id,
        name: 'Ticked tasks to Slack',
        enabled: false,
        trigger: proposal.trigger,
        steps: proposal.steps,
        origin: { kind: 'coach', conversation_id: conversationId },
        inbound_token: null,
        signing_secret: null,
      },
    ]);
    // its secret exists (the worker signs with it) but reached neither the model, the stream nor the stored chat
    const { rows } = await db().query<{ signing_secret: string }>(
      'select signing_secret from internal.connection_secrets where connection_id = $1',
      [output.id],
    );
    expect(rows[0]!.signing_secret).toMatch(/^whsec_/);
    const { data: stored } = await u.client.from('coach_messages').select('parts').eq('conversation_id', conversationId);
    for (const text of [JSON.stringify(cs), JSON.stringify(ai.requests()), JSON.stringify(stored)]) {
      expect(text).not.toContain(rows[0]!.signing_secret);
      expect(text).not.toContain('whsec_');
    }
    // another customer sees nothing of it
    const other = await customer();
    expect((await other.client.from('connections').select('id')).data).toEqual([]);
  });

  it('a declined proposal creates nothing; on a plan without custom connections the card says why and approval is refused', async () => {
    const u = await customer();
    const declined = await propose(u);
    ai.script({ text: 'Understood.' });
    await chunks(
      await post(u, { conversationId: declined.conversationId, approvals: [{ id: declined.request.approvalId, approved: false }] }),
    );
    expect((await u.client.from('connections').select('id')).data).toEqual([]);

    const basic = await customer('basic');
    const { request, conversationId } = await propose(basic);
    expect((request.approvalDescriptor as { error?: string }).error).toBe(
      'Custom connections come with the Pro, Growth and Enterprise plans. Upgrade to create this one.',
    );
    ai.script({ text: 'Your plan does not include custom connections.' });
    const cs = await chunks(await post(basic, { conversationId, approvals: [{ id: request.approvalId, approved: true }] }));
    expect(cs.some((c) => c.type === 'tool-output-error')).toBe(true);
    const { rows } = await db().query('select id from public.connections where user_id = $1', [basic.id]);
    expect(rows).toEqual([]);
  });
});
