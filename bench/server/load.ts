import autocannon from 'autocannon';
import type { LoadFigures } from '../lib/types.js';
import { LatencyWindows, type WindowFigures } from '../soak/windows.js';
import { pacedProbe } from './paced-probe.js';

export type LoadRequest = autocannon.Request;

export interface LoadSpec {
  url: string;
  connections: number;
  requests: LoadRequest[];
  /** Called before the warm-up and before the measured run (e.g. to refill a pool of refresh tokens). */
  beforeRun?: () => Promise<void>;
  /** Called after every run: waits for the server to finish what the run left in flight. */
  settle?: () => Promise<void>;
}

/** Figures from one autocannon result: rate, median and tail latency, every kind of failure counted. */
export function toLoadFigures(
  r: Pick<autocannon.Result, 'requests' | 'latency' | 'errors' | 'timeouts' | 'non2xx' | 'statusCodeStats'>,
): LoadFigures {
  const failures: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) {
    if (!code.startsWith('2') && stat?.count) failures[code] = stat.count;
  }
  const connectionErrors = r.errors - r.timeouts;
  if (connectionErrors > 0) failures['connection error'] = connectionErrors;
  if (r.timeouts > 0) failures.timeout = r.timeouts;
  return {
    rps: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    failures,
  };
}

async function once(
  spec: LoadSpec,
  seconds: number,
  onLatency?: (latencyMs: number, requestIndex: number) => void,
): Promise<autocannon.Result> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: seconds,
        requests: spec.requests,
        timeout: 30,
      },
      (err, r) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r)),
    );
    // each answer's time, as autocannon records it in its own histogram, and which of spec.requests it answers: a
    // client sends its requests in turn, one at a time, and moves to the next only after this event
    if (onLatency) run.on('response', (client, _status, _bytes, latencyMs) => onLatency(latencyMs, requestIndexOf(client)));
  });
  await spec.settle?.();
  return result;
}

/** Warm-up run (discarded), then the measured run, both for a fixed time. */
export async function measure(spec: LoadSpec, warmupSeconds: number, seconds: number): Promise<LoadFigures> {
  if (warmupSeconds > 0) {
    await spec.beforeRun?.();
    await once(spec, warmupSeconds);
  }
  await spec.beforeRun?.();
  return toLoadFigures(await once(spec, seconds));
}

/**
 * A light probe, `probe`'s first request at a steady `rate` (req/s, pacedProbe), while `load` runs beside it at full
 * tilt, both for the same time after a warm-up of `load`: how a cheap request fares while another kind saturates the
 * server (issue 16: health's p99 while sign-ins hash on every core).
 */
export async function measureBeside(
  load: LoadSpec,
  probe: LoadSpec,
  rate: number,
  warmupSeconds: number,
  seconds: number,
): Promise<{ load: LoadFigures; probe: LoadFigures }> {
  if (warmupSeconds > 0) {
    await load.beforeRun?.();
    await once(load, warmupSeconds);
  }
  await load.beforeRun?.();
  await probe.beforeRun?.();
  const [l, p] = await Promise.all([once(load, seconds), pacedProbe(probe.url, probe.requests[0]!, rate, seconds)]);
  return { load: toLoadFigures(l), probe: p };
}

/** The same probe on its own, no warm-up: the baseline of measureBeside's. */
export async function measureAtRate(spec: LoadSpec, rate: number, seconds: number): Promise<LoadFigures> {
  await spec.beforeRun?.();
  const figures = await pacedProbe(spec.url, spec.requests[0]!, rate, seconds);
  await spec.settle?.();
  return figures;
}

// autocannon's client keeps its place in `requests` in a field its types do not declare
const requestIndexOf = (client: unknown) =>
  (client as { requestIterator?: { currentRequestIndex?: number } }).requestIterator?.currentRequestIndex ?? -1;

/**
 * One continuous run without warm-up (the soak samples memory while it runs), with rate and latency per window of
 * `windowSeconds` beside the whole run's figures, and, with `groupOf` (a name for each of spec.requests), the same
 * windows per group: which kind of request a change over the run comes from.
 */
export async function runInWindows(
  spec: LoadSpec,
  seconds: number,
  windowSeconds: number,
  groupOf: readonly string[] = [],
): Promise<{ whole: LoadFigures; windows: WindowFigures[]; byGroup: Record<string, WindowFigures[]> }> {
  await spec.beforeRun?.();
  const start = Date.now();
  const windowsOf = () => new LatencyWindows(start, windowSeconds * 1000, seconds * 1000);
  const windows = windowsOf();
  const groups = new Map([...new Set(groupOf)].map((g) => [g, windowsOf()]));
  const result = await once(spec, seconds, (ms, i) => {
    const now = Date.now();
    windows.record(now, ms);
    groups.get(groupOf[i] ?? '')?.record(now, ms);
  });
  const byGroup = Object.fromEntries([...groups].map(([g, w]) => [g, w.figures()]));
  return { whole: toLoadFigures(result), windows: windows.figures(), byGroup };
}
