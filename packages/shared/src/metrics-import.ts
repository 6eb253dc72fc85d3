import { KEY_METRIC_IDS, type KeyMetricId } from './onboarding.js';
import { metricEntryProblem, type MetricEntry, type MetricPeriod } from './metrics.js';

/**
 * Issue 42: what a CSV import sends to POST /functions/v1/metrics/import and the rules both sides apply to it.
 * The browser parses the file and derives per-period figures (./metrics-csv.ts); the server re-validates these
 * figures with the same rules (metricEntryProblem) and writes them all or none.
 */

/** Most data rows read from one file (the browser refuses a longer file before deriving anything). */
export const MAX_CSV_ROWS = 50_000;

/**
 * Most figures (metric × period) in one import. The body carries one JSON member per figure and the server refuses
 * bodies over 20,000 members (server/src/http/json-shape.ts), so the cap stays below that with room to spare. Ten
 * metrics by week since 1996 is about 15,000 figures: a real file never comes close.
 */
export const MAX_IMPORT_FIGURES = 15_000;

/** One metric's figures for one kind of period, keyed by the period's first day (YYYY-MM-DD). */
export interface ImportSeries {
  metric_id: KeyMetricId;
  period: MetricPeriod;
  values: Record<string, number>;
}

/** Why a figure of an import is refused: its value for the metric's unit, its period, or a second series for it. */
export type ImportProblemReason = 'value' | 'period_start' | 'duplicate';

export interface ImportProblem {
  metric_id: string;
  period: string;
  period_start: string | null;
  reason: ImportProblemReason;
}

/** Figures grouped as the import body carries them, in a stable order (metric id order, then period). */
export function figuresToSeries(figures: readonly MetricEntry[]): ImportSeries[] {
  const byKey = new Map<string, ImportSeries>();
  for (const f of figures) {
    const key = `${f.metric_id}|${f.period}`;
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { metric_id: f.metric_id, period: f.period, values: {} }));
    s.values[f.period_start] = f.value;
  }
  const rank = (s: ImportSeries) => KEY_METRIC_IDS.indexOf(s.metric_id) * 2 + (s.period === 'week' ? 0 : 1);
  return [...byKey.values()].sort((a, b) => rank(a) - rank(b));
}

/** The figures an import body holds, one per metric and period. */
export function seriesToFigures(series: readonly ImportSeries[]): MetricEntry[] {
  return series.flatMap((s) =>
    Object.entries(s.values).map(([period_start, value]) => ({ metric_id: s.metric_id, period: s.period, period_start, value })),
  );
}

/** Every figure the database would refuse (unit ranges, aligned periods, not in the far future), in body order. */
export function importProblems(series: readonly ImportSeries[], now = new Date()): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const s of series) {
    const key = `${s.metric_id}|${s.period}`;
    if (seen.has(key)) problems.push({ metric_id: s.metric_id, period: s.period, period_start: null, reason: 'duplicate' });
    seen.add(key);
    for (const [period_start, value] of Object.entries(s.values)) {
      const why = metricEntryProblem({ metric_id: s.metric_id, period: s.period, period_start, value }, now);
      if (why) problems.push({ metric_id: s.metric_id, period: s.period, period_start, reason: why });
    }
  }
  return problems;
}

export const countFigures = (series: readonly ImportSeries[]) => series.reduce((n, s) => n + Object.keys(s.values).length, 0);
