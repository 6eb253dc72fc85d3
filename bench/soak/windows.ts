import { percentile } from '../lib/stats.js';

export interface WindowFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** The window's slowest answer: a stall (PGlite's maintenance holding its one connection) shows here first. */
  maxMs: number;
}

/**
 * Latencies of one continuous run of `runMs`, kept by the window of `windowMs` in which each answer arrived (the
 * last window is shorter when the run is not a whole number of windows): whether latency grows over the run. The
 * soak used to make ten separate one-minute runs instead, and on a quiet machine their p99 climbed from 11 to 40 ms
 * while a single 600 s run at the same rate, on the same code, had an overall p99 of 18 ms: restarting the load
 * every minute (new connections, a refilled token pool) is not what launch day looks like. Answers that arrive after
 * the run's time (its last requests in flight) count in the last window.
 */
export class LatencyWindows {
  private readonly windows: number[][];

  constructor(
    private readonly startMs: number,
    private readonly windowMs: number,
    private readonly runMs: number,
  ) {
    if (!(windowMs > 0 && runMs > 0)) throw new RangeError('LatencyWindows needs a run and a window longer than 0');
    this.windows = Array.from({ length: Math.ceil(runMs / windowMs) }, () => []);
  }

  record(atMs: number, latencyMs: number) {
    const i = Math.min(Math.max(0, Math.floor((atMs - this.startMs) / this.windowMs)), this.windows.length - 1);
    this.windows[i]!.push(latencyMs);
  }

  figures(): WindowFigures[] {
    return this.windows.map((l, i) => {
      const ms = Math.min(this.windowMs, this.runMs - i * this.windowMs);
      return { rps: l.length / (ms / 1000), p50Ms: percentile(l, 50), p99Ms: percentile(l, 99), maxMs: percentile(l, 100) };
    });
  }
}

/**
 * "p99 per minute: 12, 14, 13 ms (first minute 12 ms, last 13 ms); slowest answer per minute: 40, 38, 41 ms.": whether
 * latency grows over the run, and whether something stalls the server now and then.
 */
export function p99Trend(windows: readonly { p99Ms: number; maxMs?: number }[]): string {
  if (windows.length < 2) return '';
  const first = windows[0]!.p99Ms;
  const last = windows.at(-1)!.p99Ms;
  const worst = windows.every((w) => w.maxMs !== undefined)
    ? `; slowest answer per minute: ${windows.map((w) => Math.round(w.maxMs!)).join(', ')} ms`
    : '';
  return `p99 per minute: ${windows.map((w) => Math.round(w.p99Ms)).join(', ')} ms (first minute ${Math.round(first)} ms, last ${Math.round(last)} ms)${worst}.`;
}
