import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadKeys } from '../../server/src/keys.js';
import { fmtInt, fmtMs, fmtRate, fmtRatio, markdownTable } from '../lib/format.js';
import type { BenchOptions } from '../lib/options.js';
import { progress } from '../lib/progress.js';
import { summarise } from '../lib/stats.js';
import type { Availability } from '../lib/types.js';
import { startChildServer, type ChildServer } from '../server/child-server.js';

/**
 * Connections (issue 40): an inbound webhook to a delivered outbound webhook on a local receiver. For the measured
 * time, BENCH_CONNECTIONS callers post to POST /hooks/v1/{token} (each waits for its 202, then posts again); the
 * receiver notes when each run's signed POST arrives. Reported: triggers accepted per second, runs delivered per
 * second, and the end-to-end time (post sent → delivery received). Beside it, the plain REST insert of the same payload
 * (POST /rest/v1/analytics_events, anon) with the same callers: what a single write costs here, as a reference ratio.
 */
export interface ConnectionsPart {
  availability: Availability;
  database: 'pglite' | 'postgres';
  durationSeconds: number;
  callers: number;
  accepted?: number;
  delivered?: number;
  acceptedPerSecond?: number;
  deliveredPerSecond?: number;
  acceptP50Ms?: number;
  acceptP99Ms?: number;
  endToEndP50Ms?: number;
  endToEndP99Ms?: number;
  /** Time after the last trigger until the last run was delivered. */
  drainMs?: number;
  insertsPerSecond?: number;
  insertP50Ms?: number;
  insertP99Ms?: number;
  /** Triggers accepted per second ÷ REST inserts per second. */
  ratio?: number;
}

const PAYLOAD = {
  order: { id: 'A-17', total: 42.5, items: [{ sku: 'BOX', qty: 2 }] },
  customer: { name: 'Ada', email: 'ada@example.com' },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startReceiver(onRun: (runId: string) => void): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        onRun((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { run_id: string }).run_id);
      } catch {
        // not one of ours
      }
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `callers` loops posting for `seconds`; each call's latency and what it answered. */
async function load(seconds: number, callers: number, call: () => Promise<{ ok: boolean; ms: number }>) {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const r = await call().catch(() => ({ ok: false, ms: 0 }));
        if (r.ok) times.push(r.ms);
        else errors++;
      }
    }),
  );
  return { times, errors };
}

export async function runConnectionsPart(o: BenchOptions): Promise<ConnectionsPart[]> {
  const parts = [await runOn('pglite', o)];
  if (o.testDatabaseUrl) parts.push(await runOn('postgres', o));
  return parts;
}

async function runOn(database: 'pglite' | 'postgres', o: BenchOptions): Promise<ConnectionsPart> {
  const base: ConnectionsPart = { availability: { available: true }, database, durationSeconds: o.durationSeconds, callers: o.connections };
  progress(`connections/${database}: starting a server and a receiver`);
  const pgdb = database === 'postgres' ? await (await import('../../server/test/harness.js')).freshPostgresDatabase() : undefined;
  const sentAt = new Map<string, number>();
  const e2e: number[] = [];
  const delivered = new Set<string>();
  let lastDelivery = 0;
  const receiver = await startReceiver((runId) => {
    if (delivered.has(runId)) return;
    delivered.add(runId);
    lastDelivery = performance.now();
    const t0 = sentAt.get(runId);
    if (t0 !== undefined) e2e.push(lastDelivery - t0);
  });
  let server: ChildServer | undefined;
  try {
    server = await startChildServer({ CONNECTIONS_ALLOW_PRIVATE_NETWORKS: 'true', ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
    const { serviceRoleKey } = await loadKeys({ DATA_DIR: server.dataDir });
    const admin = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' };
    const user = await fetch(`${server.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ email: `bench-conn-${Date.now()}@example.com`, email_confirm: true }),
    });
    const userId = ((await user.json()) as { id?: string }).id;
    if (!userId) return { ...base, availability: { available: false, reason: `admin user: HTTP ${user.status}` } };
    // Enterprise: unlimited runs, so the monthly limit does not cut the measurement short
    await fetch(`${server.url}/rest/v1/subscriptions?user_id=eq.${userId}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ plan_id: 'enterprise' }),
    });
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
    const created = await fetch(`${server.url}/rest/v1/connections`, {
      method: 'POST',
      headers: { ...admin, prefer: 'return=representation' },
      body: JSON.stringify({
        user_id: userId,
        name: 'Bench',
        enabled: true,
        trigger: { type: 'webhook' },
        steps: [{ type: 'webhook', url: receiverUrl }],
      }),
    });
    const token = ((await created.json()) as { inbound_token?: string }[])[0]?.inbound_token;
    if (!token) return { ...base, availability: { available: false, reason: `connection: HTTP ${created.status}` } };
    const hookUrl = `${server.url}/hooks/v1/${token}`;
    const body = JSON.stringify(PAYLOAD);

    const trigger = async () => {
      const t0 = performance.now();
      const r = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const ms = performance.now() - t0;
      if (r.status !== 202) {
        await r.arrayBuffer();
        return { ok: false, ms };
      }
      sentAt.set(((await r.json()) as { run_id: string }).run_id, t0);
      return { ok: true, ms };
    };
    progress(`connections/${database}: warm-up, then ${o.durationSeconds} s of triggers from ${o.connections} callers`);
    await load(Math.max(1, o.warmupSeconds), o.connections, trigger);
    await waitForDeliveries(
      () => delivered.size,
      () => sentAt.size,
      60_000,
    );
    sentAt.clear();
    e2e.length = 0;
    delivered.clear();
    const started = performance.now();
    const hooks = await load(o.durationSeconds, o.connections, trigger);
    const endedTriggers = performance.now();
    await waitForDeliveries(
      () => [...sentAt.keys()].filter((id) => delivered.has(id)).length,
      () => sentAt.size,
      120_000,
    );
    const accepted = sentAt.size;
    const got = [...sentAt.keys()].filter((id) => delivered.has(id)).length;
    const acceptStats = summarise(hooks.times);
    const e2eStats = summarise(e2e);

    progress(`connections/${database}: the REST insert of the same payload, ${o.durationSeconds} s`);
    const insertUrl = `${server.url}/rest/v1/analytics_events`;
    const anon = { apikey: server.anonKey, 'content-type': 'application/json', prefer: 'return=minimal' };
    const insertBody = JSON.stringify({ event_type: 'bench_connection', event_data: PAYLOAD });
    const insert = async () => {
      const t0 = performance.now();
      const r = await fetch(insertUrl, { method: 'POST', headers: anon, body: insertBody });
      await r.arrayBuffer();
      return { ok: r.status === 201, ms: performance.now() - t0 };
    };
    await load(Math.max(1, o.warmupSeconds), o.connections, insert);
    const inserts = await load(o.durationSeconds, o.connections, insert);
    const insertStats = summarise(inserts.times);
    const acceptedPerSecond = accepted / ((endedTriggers - started) / 1000);
    const insertsPerSecond = inserts.times.length / o.durationSeconds;
    return {
      ...base,
      accepted,
      delivered: got,
      acceptedPerSecond,
      deliveredPerSecond: got / ((lastDelivery - started) / 1000),
      acceptP50Ms: acceptStats.p50,
      acceptP99Ms: acceptStats.p99,
      endToEndP50Ms: e2eStats.p50,
      endToEndP99Ms: e2eStats.p99,
      drainMs: Math.max(0, lastDelivery - endedTriggers),
      insertsPerSecond,
      insertP50Ms: insertStats.p50,
      insertP99Ms: insertStats.p99,
      ratio: acceptedPerSecond / insertsPerSecond,
    };
  } catch (err) {
    return { ...base, availability: { available: false, reason: (err as Error).message.slice(0, 300) } };
  } finally {
    await server?.stop({ removeData: true });
    receiver.closeAllConnections();
    receiver.close();
    await pgdb?.drop().catch((err: unknown) => progress(`connections/postgres: could not drop the bench database: ${String(err)}`));
  }
}

async function waitForDeliveries(done: () => number, total: () => number, maxMs: number) {
  const deadline = Date.now() + maxMs;
  while (done() < total() && Date.now() < deadline) await sleep(100);
}

export function connectionsSection(c: ConnectionsPart): string {
  const db = c.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  if (!c.availability.available) return `## Connections (${db})\n\nNot available: ${c.availability.reason}`;
  return [
    `## Connections (${db})`,
    '',
    `An inbound webhook (POST /hooks/v1/{token}, a small JSON order) to a signed webhook delivered to a local receiver, ` +
      `${c.callers} callers for ${c.durationSeconds} s, each posting again once answered. End to end = the trigger sent → the delivery received. ` +
      'Beside it, the plain REST insert of the same payload (POST /rest/v1/analytics_events) with the same callers.',
    '',
    markdownTable(
      ['Path', 'Per second', 'Answer p50', 'Answer p99', 'End to end p50', 'End to end p99'],
      [
        [
          'inbound webhook accepted (202)',
          fmtRate(c.acceptedPerSecond),
          fmtMs(c.acceptP50Ms),
          fmtMs(c.acceptP99Ms),
          fmtMs(c.endToEndP50Ms),
          fmtMs(c.endToEndP99Ms),
        ],
        ['outbound webhook delivered', fmtRate(c.deliveredPerSecond), '', '', '', ''],
        ['REST insert of the same payload', fmtRate(c.insertsPerSecond), fmtMs(c.insertP50Ms), fmtMs(c.insertP99Ms), '', ''],
      ],
      [false, true, true, true, true, true],
    ),
    '',
    `${fmtInt(c.delivered)} of ${fmtInt(c.accepted)} accepted runs delivered; the queue drained ${fmtMs(c.drainMs)} after the last trigger. ` +
      `Triggers accepted ÷ REST inserts per second: ${fmtRatio(c.ratio)}.`,
  ].join('\n');
}
