import { fmtMb, fmtMs, fmtRate } from '../lib/format.js';
import type { BenchOptions } from '../lib/options.js';
import { errorText, progress } from '../lib/progress.js';
import type { SoakPart } from '../lib/types.js';
import { createBenchUser } from '../server/accounts.js';
import { SERVER_CASES, type PreparedCase } from '../server/cases.js';
import { startChildServer } from '../server/child-server.js';
import { runInWindows, type LoadRequest } from '../server/load.js';
import { memoryTrend } from './memory.js';

/** A launch-day mix: mostly catalogue reads, with joins, analytics batches, token refreshes and health checks. Sign-in (bcrypt) is measured on its own. */
const MIX = ['select', 'select', 'select', 'health', 'join-api', 'analytics', 'refresh'];
const SAMPLE_EVERY_MS = 5000;
const WINDOW_SECONDS = 60;

const empty = (o: BenchOptions, reason: string): SoakPart => ({
  availability: { available: false, reason },
  database: 'pglite',
  seconds: o.soakSeconds,
  connections: o.connections,
  mix: [],
  requests: 0,
  rps: 0,
  p50Ms: 0,
  p99Ms: 0,
  errors: 0,
  failures: {},
  rssStartMb: 0,
  rssPeakMb: 0,
  rssEndMb: 0,
  rssSamplesMb: [],
  windows: [],
  windowsByCase: {},
  verdict: '',
});

/** Mixed traffic for BENCH_SOAK_SECONDS against a PGlite server (the default deployment), sampling its RSS. */
export async function runSoakPart(o: BenchOptions): Promise<SoakPart> {
  let server;
  try {
    server = await startChildServer();
  } catch (err) {
    progress(`soak: could not start the server: ${errorText(err)}`);
    return empty(o, errorText(err));
  }
  try {
    const target = { url: server.url, anonKey: server.anonKey };
    const account = await createBenchUser(target);
    const env = { target, connections: o.connections, user: account.user, userAvailability: account.availability };
    const requests: LoadRequest[] = [];
    const caseOfRequest: string[] = []; // the case each of `requests` belongs to
    const mix: string[] = [];
    const beforeRuns: (() => Promise<void>)[] = [];
    const prepared = new Map<string, PreparedCase>();
    for (const id of MIX) {
      const c = SERVER_CASES.find((x) => x.id === id)!;
      let p = prepared.get(id);
      if (!p) {
        p = await c.prepare(env).catch((err: unknown): PreparedCase => ({ availability: { available: false, reason: errorText(err) } }));
        prepared.set(id, p);
        if (p.availability.available && p.beforeRun) beforeRuns.push(p.beforeRun);
      }
      if (p.availability.available && p.requests) {
        requests.push(...p.requests);
        caseOfRequest.push(...p.requests.map(() => c.id));
        mix.push(c.id);
      }
    }
    const missing = [...new Set(MIX.filter((id) => !mix.includes(id)))];
    if (missing.length) progress(`soak: left out of the mix (not available): ${missing.join(', ')}`);

    const rssStartMb = server.rssMb();
    const samples: number[] = []; // under traffic only
    progress(`soak: ${o.soakSeconds} s of ${mix.join(', ')}; RSS at start ${fmtMb(rssStartMb)}`);
    const timer = setInterval(() => {
      try {
        samples.push(server.rssMb());
      } catch {
        // the process is gone; the run reports its errors
      }
    }, SAMPLE_EVERY_MS);
    // One run, its latency by the minute, so the report can say whether latency grows over it (issue 16: p99 must not).
    const spec = {
      url: server.url,
      connections: o.connections,
      requests,
      beforeRun: async () => void (await Promise.all(beforeRuns.map((f) => f()))),
    };
    const run = await runInWindows(spec, o.soakSeconds, WINDOW_SECONDS, caseOfRequest).finally(() => clearInterval(timer));
    const load = run.whole;
    samples.push(server.rssMb());
    if (samples.length < 2) samples.unshift(rssStartMb); // a soak shorter than one sampling interval
    const trend = memoryTrend(samples);
    progress(
      `soak: ${fmtRate(load.rps)} req/s  p50 ${fmtMs(load.p50Ms)}  p99 ${fmtMs(load.p99Ms)}  ${load.errors} errors; RSS ${fmtMb(rssStartMb)} -> ${fmtMb(samples.at(-1))}`,
    );
    return {
      availability: { available: true },
      database: 'pglite',
      seconds: o.soakSeconds,
      connections: o.connections,
      mix,
      requests: load.requests,
      rps: load.rps,
      p50Ms: load.p50Ms,
      p99Ms: load.p99Ms,
      errors: load.errors,
      failures: load.failures,
      rssStartMb,
      rssPeakMb: Math.max(rssStartMb, ...samples),
      rssEndMb: samples.at(-1)!,
      rssSamplesMb: samples.map((s) => Math.round(s * 10) / 10),
      windows: run.windows,
      windowsByCase: run.byGroup,
      verdict: trend.verdict,
    };
  } catch (err) {
    progress(`soak: failed: ${errorText(err)}`);
    return empty(o, errorText(err));
  } finally {
    await server.stop({ removeData: true });
  }
}
