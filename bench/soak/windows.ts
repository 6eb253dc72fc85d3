import { median } from '../lib/stats.js';
import type { LoadFigures } from '../lib/types.js';

/**
 * The whole soak from its one-minute windows: requests and errors summed, the rate over the whole time, the median of
 * the windows' p50 and the worst window's p99 (percentiles of separate runs cannot be merged exactly; the worst
 * minute is the figure a p99 target must hold in).
 */
export function combineWindows(windows: readonly LoadFigures[], seconds: number): LoadFigures {
  if (!windows.length) throw new Error('combineWindows needs at least one window');
  const failures: Record<string, number> = {};
  for (const w of windows) for (const [k, n] of Object.entries(w.failures)) failures[k] = (failures[k] ?? 0) + n;
  const requests = windows.reduce((n, w) => n + w.requests, 0);
  return {
    rps: requests / seconds,
    p50Ms: median(windows.map((w) => w.p50Ms)),
    p99Ms: Math.max(...windows.map((w) => w.p99Ms)),
    requests,
    errors: windows.reduce((n, w) => n + w.errors, 0),
    failures,
  };
}

/** "p99 per minute: 12, 14, 13 ms", the first and last minutes side by side: whether latency grows over the run. */
export function p99Trend(windows: readonly { p99Ms: number }[]): string {
  if (windows.length < 2) return '';
  const first = windows[0]!.p99Ms;
  const last = windows.at(-1)!.p99Ms;
  return `p99 per minute: ${windows.map((w) => Math.round(w.p99Ms)).join(', ')} ms (first minute ${Math.round(first)} ms, last ${Math.round(last)} ms).`;
}
