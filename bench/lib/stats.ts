/** Percentile by linear interpolation between closest ranks (numpy's default), p in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile out of range: ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarise(values: readonly number[]): Summary {
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
  return {
    count: values.length,
    mean,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    // a loop, not Math.max(...values): a fast reference (PostgreSQL `select 1`) records several 100,000 latencies,
    // more arguments than the call stack holds ("Maximum call stack size exceeded", issue 16)
    max: values.length ? values.reduce((a, b) => (b > a ? b : a), -Infinity) : Number.NaN,
  };
}

/** Server time over reference time per request: how many times slower the full HTTP path is than the bare query. */
export function overheadRatio(serverRps: number, referenceRps: number): number | null {
  if (!(serverRps > 0) || !(referenceRps > 0)) return null;
  return referenceRps / serverRps;
}
