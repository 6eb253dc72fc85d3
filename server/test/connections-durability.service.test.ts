import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadKeys } from '../src/keys.js';
import { startChild, type ChildServer } from './child-server.js';
import { SERVICE_DB } from './harness.js';
import { migratedDataDir, migratedPostgresDatabase, type TestDatabase } from './support/db-template.js';
import { startReceiver, type Receiver } from './support/webhook-receiver.js';

/**
 * Issue 40, "How it runs": runs survive kill -9 of the server, and several servers on one PostgreSQL share the queue
 * without doing a run twice. Real server processes (child-server.ts) and a real local receiver.
 */
const RUN_ENV = {
  CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
  CONNECTIONS_RETRY_BASE_MS: '50',
  CONNECTIONS_TIMEOUT_SECONDS: '2',
  // a job whose server died is expired after this (at least the steps' longest time) and worked again
  CONNECTIONS_RUN_EXPIRE_SECONDS: '5',
  JOB_QUEUE_MAINTENANCE_SECONDS: '1',
};

interface Setup {
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function database(): Promise<Setup> {
  if (SERVICE_DB === 'postgres') {
    const db: TestDatabase = await migratedPostgresDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'conn-dur-'));
    return {
      env: { DATABASE_URL: db.url, DATA_DIR: dir },
      cleanup: async () => {
        await db.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const dir = await migratedDataDir('conn-dur-');
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

const admin = async (server: ChildServer, dataDir: string): Promise<SupabaseClient> => {
  const { serviceRoleKey } = await loadKeys({ DATA_DIR: dataDir });
  return createClient(server.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
};

/** A Pro customer and their enabled connection to `url` (a webhook trigger unless given), made through the service role. */
async function connectionTo(
  db: SupabaseClient,
  url: string,
  trigger: Record<string, unknown> = { type: 'webhook' },
): Promise<{ token: string; id: string; userId: string }> {
  const user = await db.auth.admin.createUser({
    email: `dur-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    email_confirm: true,
  });
  expect(user.error).toBeNull();
  const userId = user.data.user!.id;
  expect((await db.from('subscriptions').update({ plan_id: 'pro' }).eq('user_id', userId)).error).toBeNull();
  const { data, error } = await db
    .from('connections')
    .insert({ user_id: userId, name: 'Durable', enabled: true, trigger, steps: [{ type: 'webhook', url }] })
    .select('id, inbound_token')
    .single();
  expect(error).toBeNull();
  return { token: data!.inbound_token as string, id: data!.id as string, userId };
}

const trigger = async (server: ChildServer, token: string, body: unknown): Promise<string> => {
  const r = await fetch(`${server.url}/hooks/v1/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(r.status).toBe(202);
  return ((await r.json()) as { run_id: string }).run_id;
};

async function allSucceeded(db: SupabaseClient, connectionId: string, n: number, timeout = 90_000) {
  let rows: { id: string; status: string; worked_by: string }[] = [];
  await vi.waitFor(
    async () => {
      const r = await db.from('connection_runs').select('id, status, worked_by').eq('connection_id', connectionId);
      rows = (r.data ?? []) as typeof rows;
      expect(rows.filter((x) => x.status === 'succeeded')).toHaveLength(n);
    },
    { timeout, interval: 250 },
  );
  return rows;
}

const children: ChildServer[] = [];
const stop = async (c: ChildServer) => {
  if (c.child.exitCode === null && c.child.signalCode === null) {
    c.kill('SIGTERM');
    await c.exited;
  }
};
afterEach(async () => {
  await Promise.all(children.splice(0).map(stop));
});

describe(`connection runs are durable (${SERVICE_DB})`, { timeout: 180_000 }, () => {
  let setup: Setup;
  let rx: Receiver & { release(): void };
  beforeAll(async () => {
    setup = await database();
  }, 120_000);
  afterAll(async () => {
    await rx?.close();
    await setup?.cleanup();
  });

  it('kill -9 of the server with runs queued and in flight loses none: all complete after the restart', async () => {
    rx = await startReceiver({ hold: true });
    const first = await startChild({ ...setup.env, ...RUN_ENV });
    children.push(first);
    const db = await admin(first, setup.env.DATA_DIR!);
    const conn = await connectionTo(db, `${rx.url}/durable`);
    const runIds: string[] = [];
    for (let i = 0; i < 10; i++) runIds.push(await trigger(first, conn.token, { i }));
    // the first runs are in flight at the receiver, which does not answer; the rest wait in the queue
    await rx.waitFor(1);
    first.kill('SIGKILL');
    await first.exited;
    const webhookId = (r: { headers: Record<string, unknown> }) => r.headers['webhook-id'] as string;
    // sent before the kill: in flight, held by the receiver (and, on a slow machine, timed out there and sent again)
    const cutOff = new Set(rx.received.map(webhookId));
    rx.release();

    const second = await startChild({ ...setup.env, ...RUN_ENV });
    children.push(second);
    const rows = await allSucceeded(await admin(second, setup.env.DATA_DIR!), conn.id, 10);
    expect(rows.map((r) => r.id).sort()).toEqual([...runIds].sort());
    // every run reached the receiver; a run cut off in flight was sent again with the same webhook-id
    const ids = rx.received.map(webhookId);
    expect(new Set(ids).size).toBe(10);
    expect(ids.length).toBeGreaterThan(10); // the one held at the kill was sent again after the restart
    // only a run cut off in flight is sent more than once; a run still queued at the kill is sent exactly once (how
    // many times a held run timed out and was retried before the kill depends on the machine's speed)
    const sentTwice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(sentTwice.filter((id) => !cutOff.has(id))).toEqual([]);
  });
});

describe(`product events are durable (${SERVICE_DB})`, { timeout: 180_000 }, () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await database();
  }, 120_000);
  afterAll(async () => {
    await setup?.cleanup();
  });

  it('kill -9 after a figure is recorded and before its event became a run: the run happens after the restart', async () => {
    const rx = await startReceiver();
    try {
      // this server never looks for events: the one recorded below is still waiting when it dies
      const first = await startChild({ ...setup.env, ...RUN_ENV, CONNECTIONS_EVENT_POLL_MS: '3600000' });
      children.push(first);
      const db = await admin(first, setup.env.DATA_DIR!);
      const conn = await connectionTo(db, `${rx.url}/figure`, { type: 'event', event: 'metric_recorded' });
      const start = `${new Date().toISOString().slice(0, 7)}-01`;
      const figure = { user_id: conn.userId, metric_id: 'revenue', period: 'month', period_start: start, value: 4200 };
      expect((await db.from('metric_values').insert(figure)).error).toBeNull();
      first.kill('SIGKILL');
      await first.exited;

      const second = await startChild({ ...setup.env, ...RUN_ENV });
      children.push(second);
      const [run] = await allSucceeded(await admin(second, setup.env.DATA_DIR!), conn.id, 1);
      expect(run).toBeDefined();
      const [got] = await rx.waitFor(1);
      expect(rx.received).toHaveLength(1);
      expect((JSON.parse(got!.body) as { data: unknown }).data).toEqual({
        metric: { id: 'revenue', period: 'month', period_start: start, value: 4200, source: 'manual' },
      });
    } finally {
      await rx.close();
    }
  });
});

describe.skipIf(SERVICE_DB !== 'postgres')('two servers on one PostgreSQL share the connection queue', { timeout: 180_000 }, () => {
  let setup: Setup;
  let rx: Receiver;
  beforeAll(async () => {
    setup = await database();
  }, 120_000);
  afterAll(async () => {
    await rx?.close();
    await setup?.cleanup();
  });

  it('both work runs, and no run is done twice', async () => {
    // each answer takes a moment, so that neither server can empty the queue before the other looks
    rx = await startReceiver({ delayMs: 150 });
    const dir2 = mkdtempSync(path.join(tmpdir(), 'conn-dur-b-'));
    const [a, b] = await Promise.all([startChild({ ...setup.env, ...RUN_ENV }), startChild({ ...setup.env, ...RUN_ENV, DATA_DIR: dir2 })]);
    children.push(a!, b!);
    // both servers share the database; the keys come from the first one's DATA_DIR, so each is asked with its own
    const dbA = await admin(a!, setup.env.DATA_DIR!);
    const conn = await connectionTo(dbA, `${rx.url}/shared`);
    const n = 24;
    await Promise.all(Array.from({ length: n }, (_, i) => trigger(i % 2 ? b! : a!, conn.token, { i })));
    const rows = await allSucceeded(dbA, conn.id, n);
    const ids = rx.received.map((r) => r.headers['webhook-id'] as string);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    expect(new Set(rows.map((r) => r.worked_by)).size).toBe(2);
    rmSync(dir2, { recursive: true, force: true });
  });
});
