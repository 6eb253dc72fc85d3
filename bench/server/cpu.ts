/**
 * CPU cost per request of the server (and of the PostgreSQL backends serving it), for comparing levers on a busy,
 * shared machine where req/s swing with other people's work: `npm run bench:cpu` (docs in bench/README.md).
 *
 * For each case: a warm-up of BENCH_CPU_WARMUP requests, then BENCH_CPU_REQUESTS requests sent by autocannon with
 * BENCH_CONNECTIONS connections; the server process's CPU time (every thread, from /proc/<pid>/task/*\/schedstat,
 * nanoseconds) and, on PostgreSQL, the CPU time of the backends connected to its database are read before and
 * after. CPU time is what the work costs, whatever else the machine runs; it rises a little with contention
 * (caches, scheduler), so compare runs made at a similar load average, printed with the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchUser } from './accounts.js';
import { SERVER_CASES } from './cases.js';
import { startChildServer } from './child-server.js';

const env = process.env;
const REQUESTS = Number(env.BENCH_CPU_REQUESTS ?? 5000);
const WARMUP = Number(env.BENCH_CPU_WARMUP ?? 2000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const REPEAT = Number(env.BENCH_CPU_REPEAT ?? 1);
const CASES = (env.BENCH_CASES ?? 'health,select,embed')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const DATABASE = env.BENCH_CPU_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** CPU nanoseconds of each thread of a process (schedstat's first field is time on a CPU). */
function threadNs(pid: number): Map<string, number> {
  const byThread = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      byThread.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byThread;
}

const sum = (byThread: Map<string, number>) => [...byThread.values()].reduce((a, b) => a + b, 0);

/** CPU nanoseconds a process has used, all threads. */
const cpuNs = (pid: number) => sum(threadNs(pid));

/**
 * The most any one thread used between two readings: a thread's CPU per request bounds the rate (1 s ÷ it), so
 * with PGlite in a worker thread (issue 16) the busier of the HTTP thread and the database thread is the ceiling.
 */
function busiestNs(before: Map<string, number>, after: Map<string, number>): number {
  let most = 0;
  for (const [tid, ns] of after) most = Math.max(most, ns - (before.get(tid) ?? 0));
  return most;
}

/** CPU nanoseconds of the backends of one database (local PostgreSQL, readable /proc), or null. */
async function backendsNs(admin: pg.Client | undefined, dbName: string | undefined): Promise<number | null> {
  if (!admin || !dbName) return null;
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    dbName,
  ]);
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += cpuNs(pid);
    } catch {
      return null; // not a local server, or not ours to read
    }
  }
  return total;
}

async function main() {
  const pgdb = DATABASE === 'postgres' ? await (await import('../../server/test/harness.js')).freshPostgresDatabase() : undefined;
  const server = await startChildServer({
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...(env.BENCH_CPU_LOG_LEVEL ? { LOG_LEVEL: env.BENCH_CPU_LOG_LEVEL } : {}),
  });
  let admin: pg.Client | undefined;
  const dbName = pgdb ? new URL(pgdb.url).pathname.slice(1) : undefined;
  try {
    if (pgdb) {
      admin = new pg.Client({ connectionString: pgdb.url });
      await admin.connect();
    }
    const target = { url: server.url, anonKey: server.anonKey };
    const account = await createBenchUser(target);
    const caseEnv = { target, connections: CONNECTIONS, user: account.user, userAvailability: account.availability };
    console.log(
      `# ${DATABASE}, ${REQUESTS} requests after ${WARMUP}, ${CONNECTIONS} connections, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('case       server µs/req  busiest thread  db µs/req   req/s (noisy)');
    for (const id of CASES) {
      const c = SERVER_CASES.find((x) => x.id === id);
      if (!c) throw new Error(`unknown case ${id}`);
      const prepared = await c.prepare(caseEnv);
      if (!prepared.availability.available || !prepared.requests) {
        console.log(`${id}: not available (${prepared.availability.available ? '' : prepared.availability.reason})`);
        continue;
      }
      const run = async (amount: number) => {
        await prepared.beforeRun?.();
        return autocannon({ url: server.url, connections: CONNECTIONS, amount, requests: prepared.requests, timeout: 30 });
      };
      await run(WARMUP);
      await server.settle();
      for (let i = 0; i < REPEAT; i++) {
        const t0 = threadNs(server.pid);
        const d0 = await backendsNs(admin, dbName);
        const r = await run(REQUESTS);
        const t1 = threadNs(server.pid);
        const d1 = await backendsNs(admin, dbName);
        const n = r.requests.total;
        const bad = r.non2xx + r.errors;
        const serverUs = (sum(t1) - sum(t0)) / 1000 / n;
        const busiestUs = busiestNs(t0, t1) / 1000 / n;
        const dbUs = d0 !== null && d1 !== null ? ((d1 - d0) / 1000 / n).toFixed(0) : '—';
        console.log(
          `${id.padEnd(10)} ${serverUs.toFixed(0).padStart(13)}  ${busiestUs.toFixed(0).padStart(14)}  ${dbUs.padStart(9)}   ${r.requests.average.toFixed(0).padStart(6)}${bad ? `  (${bad} failed)` : ''}`,
        );
        await server.settle();
      }
    }
    console.log(
      `# load at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await admin?.end().catch(() => {});
    await server.stop({ removeData: true });
    await pgdb?.drop().catch(() => {});
  }
}

await main();
