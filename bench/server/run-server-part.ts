import path from 'node:path';
import { openPglite } from '../../server/src/db/pglite/pglite.js';
import { openPostgres } from '../../server/src/db/postgres/postgres.js';
import type { Database } from '../../server/src/db/index.js';
import { fmtMs, fmtRate } from '../lib/format.js';
import type { BenchOptions } from '../lib/options.js';
import { errorText, progress } from '../lib/progress.js';
import { overheadRatio } from '../lib/stats.js';
import type { ServerCaseResult, ServerPart, SignInTiming } from '../lib/types.js';
import { createBenchUser, timeSignIns } from './accounts.js';
import { SERVER_CASES, type CaseEnv } from './cases.js';
import { startChildServer } from './child-server.js';
import { measure, measureAtRate, measureBeside, type LoadRequest } from './load.js';
import { measureReference } from './reference.js';

type Db = 'pglite' | 'postgres';

/** BENCH_CASES narrows the run to some case ids; an unknown id is an error, not a silent empty run. */
function selectedCases(o: BenchOptions) {
  const unknown = o.cases.filter((id) => !SERVER_CASES.some((c) => c.id === id));
  if (unknown.length)
    throw new Error(`BENCH_CASES: unknown case ${unknown.join(', ')} (known: ${SERVER_CASES.map((c) => c.id).join(', ')})`);
  return o.cases.length ? SERVER_CASES.filter((c) => o.cases.includes(c.id)) : SERVER_CASES;
}

const PROBE_RATE = 50;

/** What health is measured beside: a load case and the p99 health should keep beside it. */
interface Beside {
  caseId: string;
  what: string;
  targetMs: number;
}
/**
 * Issue 16: hashing must never block the event loop; health's p99 stays ≤ 20 ms while sign-ins saturate the CPU.
 * Issue 38: hostile requests (back-reference regexes, huge or=, deep JSON) are refused without starving it (≤ 50 ms).
 */
const BESIDE: Beside[] = [
  { caseId: 'signin', what: 'password sign-ins', targetMs: 20 },
  { caseId: 'hostile', what: 'hostile requests', targetMs: 50 },
];

/**
 * GET /api/health at 50 req/s, paced, on one connection while another case's requests run flat out beside it (BESIDE).
 * Run with that case; undefined when it is not selected or not available.
 */
async function healthBeside(
  beside: Beside,
  env: CaseEnv,
  server: { url: string; settle: () => Promise<void> },
  o: BenchOptions,
  database: Db,
): Promise<ServerCaseResult | undefined> {
  if (o.cases.length && !o.cases.includes(beside.caseId)) return undefined;
  const byId = (id: string) => SERVER_CASES.find((c) => c.id === id)!;
  const [load, health] = await Promise.all([byId(beside.caseId).prepare(env), byId('health').prepare(env)]);
  if (!load.availability.available || !load.requests || !health.requests) return undefined;
  const result: ServerCaseResult = {
    id: `health+${beside.caseId}`,
    title: `GET /api/health at ${PROBE_RATE}/s while ${beside.what} (${env.connections} connections) run flat out`,
    database,
    availability: health.availability,
  };
  try {
    const spec = (requests: LoadRequest[], connections: number) => ({ url: server.url, connections, requests, settle: server.settle });
    // The same probe on an otherwise idle server first: the p99 the machine's own jitter gives it, to read the
    // figure beside the load against (on a day this VM's cores were shared, an idle server's was 3-26 ms).
    await server.settle();
    const alone = await measureAtRate(spec(health.requests, 1), PROBE_RATE, o.durationSeconds);
    const r = await measureBeside(
      spec(load.requests, env.connections),
      spec(health.requests, 1),
      PROBE_RATE,
      o.warmupSeconds,
      o.durationSeconds,
    );
    result.load = r.probe;
    result.reference = {
      what: '—',
      unavailable: `${beside.what} beside it: ${fmtRate(r.load.rps)}/s; health alone, idle server: p99 ${fmtMs(alone.p99Ms)}; target: health p99 ≤ ${beside.targetMs} ms`,
    };
    progress(
      `server/${database}: health beside ${beside.what}  p50 ${fmtMs(r.probe.p50Ms)}  p99 ${fmtMs(r.probe.p99Ms)}  ${r.probe.errors} errors; ${beside.what} ${fmtRate(r.load.rps)}/s; health alone p99 ${fmtMs(alone.p99Ms)}`,
    );
  } catch (err) {
    result.availability = { available: false, reason: errorText(err) };
  }
  return result;
}

/** Every server case on one database: load through HTTP first, then (server stopped) the references on the same data. */
async function runOnDatabase(database: Db, o: BenchOptions): Promise<{ cases: ServerCaseResult[]; signIn: SignInTiming }> {
  // loaded only for PostgreSQL: the harness pulls in the whole server, which the PGlite part does not need here
  const pgdb = database === 'postgres' ? await (await import('../../server/test/harness.js')).freshPostgresDatabase() : undefined;
  const server = await startChildServer(pgdb ? { DATABASE_URL: pgdb.url } : {}).catch(async (err: unknown) => {
    await pgdb?.drop().catch(() => {});
    throw err;
  });
  const cases: ServerCaseResult[] = [];
  let signIn: SignInTiming = { database, availability: { available: false, reason: 'not run' } };
  let db: Database | undefined;
  try {
    progress(`server/${database}: listening on ${server.url} (pid ${server.pid})`);
    const target = { url: server.url, anonKey: server.anonKey };
    const account = await createBenchUser(target);
    const env = { target, connections: o.connections, user: account.user, userAvailability: account.availability };

    for (const c of selectedCases(o)) {
      const result: ServerCaseResult = { id: c.id, title: c.title, database, availability: { available: false, reason: 'not run' } };
      cases.push(result);
      try {
        const prepared = await c.prepare(env);
        result.availability = prepared.availability;
        if (!prepared.availability.available || !prepared.requests) {
          progress(
            `server/${database}: ${c.id} not available (${prepared.availability.available ? 'no requests' : prepared.availability.reason})`,
          );
          continue;
        }
        const spec = {
          url: server.url,
          connections: o.connections,
          requests: prepared.requests,
          beforeRun: prepared.beforeRun,
          settle: server.settle,
        };
        result.load = await measure(spec, o.warmupSeconds, o.durationSeconds);
        const l = result.load;
        progress(
          `server/${database}: ${c.id.padEnd(9)} ${fmtRate(l.rps)} req/s  p50 ${fmtMs(l.p50Ms)}  p99 ${fmtMs(l.p99Ms)}  ${l.errors} errors`,
        );
      } catch (err) {
        result.availability = { available: false, reason: errorText(err) };
        progress(`server/${database}: ${c.id} failed: ${errorText(err)}`);
      }
    }

    // The reads again with many connections (issue 16: p99 must hold when 100 clients share 2 cores). No
    // reference of their own: the 10-connection row beside them has it.
    const HIGH = ['health', 'select', 'embed'];
    for (const base of o.highConnections > 0 ? cases.filter((r) => HIGH.includes(r.id) && r.load) : []) {
      const c = SERVER_CASES.find((x) => x.id === base.id)!;
      const result: ServerCaseResult = {
        id: `${base.id}@${o.highConnections}`,
        title: `${base.title}, ${o.highConnections} connections`,
        database,
        availability: base.availability,
        reference: { what: '—', unavailable: 'see the row above' },
      };
      try {
        const prepared = await c.prepare({ ...env, connections: o.highConnections });
        const spec = { url: server.url, connections: o.highConnections, requests: prepared.requests!, settle: server.settle };
        result.load = await measure(spec, o.warmupSeconds, o.durationSeconds);
        const l = result.load;
        progress(
          `server/${database}: ${result.id.padEnd(9)} ${fmtRate(l.rps)} req/s  p50 ${fmtMs(l.p50Ms)}  p99 ${fmtMs(l.p99Ms)}  ${l.errors} errors`,
        );
      } catch (err) {
        result.availability = { available: false, reason: errorText(err) };
      }
      cases.push(result);
    }

    for (const b of BESIDE) {
      const beside = await healthBeside(b, env, server, o, database);
      if (beside) cases.push(beside);
    }

    if (account.user && (!o.cases.length || o.cases.includes('signin'))) {
      await server.settle();
      const t = await timeSignIns(target, account.user, o.signInSamples);
      signIn = { database, availability: { available: true }, samples: t.samples, medianMs: t.medianMs, p95Ms: t.p95Ms, bcryptCost: 10 };
      progress(
        `server/${database}: sign-in x${t.samples}  median ${fmtMs(t.medianMs)}  p95 ${fmtMs(t.p95Ms)}${t.failures ? `  ${t.failures} failed` : ''}`,
      );
    } else {
      signIn = { database, availability: account.availability };
    }

    // references on the very same database, with the server stopped so nothing competes for the CPU
    await server.stop();
    db = pgdb ? await openPostgres(pgdb.url, o.connections) : await openPglite(path.join(server.dataDir, 'pgdata'));
    for (const c of selectedCases(o)) {
      const result = cases.find((r) => r.id === c.id)!;
      if (!result.load) continue;
      if (!c.reference) {
        result.reference = { what: '—', unavailable: c.noReference ?? 'none' };
        continue;
      }
      try {
        const ref = await measureReference(db, c.reference, o.connections, o.warmupSeconds, o.durationSeconds);
        result.reference = ref;
        result.overhead = overheadRatio(result.load.rps, ref.rps);
        progress(`server/${database}: ${c.id.padEnd(9)} reference ${fmtRate(ref.rps)}/s (${ref.what})`);
      } catch (err) {
        result.reference = { what: c.reference.what, unavailable: errorText(err) };
      }
    }
  } finally {
    await server.stop();
    await db?.close().catch(() => {});
    await server.stop({ removeData: true });
    await pgdb?.drop().catch((err) => progress(`server/${database}: could not drop the bench database: ${errorText(err)}`));
  }
  return { cases, signIn };
}

export async function runServerPart(o: BenchOptions): Promise<ServerPart> {
  const part: ServerPart = {
    connections: o.connections,
    durationSeconds: o.durationSeconds,
    warmupSeconds: o.warmupSeconds,
    cases: [],
    signIn: [],
    skipped: [],
  };
  const databases: Db[] = ['pglite'];
  if (o.testDatabaseUrl) databases.push('postgres');
  else part.skipped.push('PostgreSQL: TEST_DATABASE_URL is not set');
  for (const database of databases) {
    try {
      const r = await runOnDatabase(database, o);
      part.cases.push(...r.cases);
      part.signIn.push(r.signIn);
    } catch (err) {
      part.skipped.push(`${database}: ${errorText(err)}`);
      progress(`server/${database}: could not run: ${errorText(err)}`);
    }
  }
  return part;
}
