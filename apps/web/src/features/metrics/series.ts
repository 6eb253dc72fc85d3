import type { MetricPeriod } from '@app/shared';

export interface SeriesPoint {
  period_start: string;
  value: number | null;
}

/** The last `count` month starts up to and including this month's, oldest first (UTC). */
export function lastMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 10),
  );
}

/** The series on a fixed axis: a gap (null) where no figure was entered. */
export function onAxis(axis: string[], rows: { period_start: string; value: number }[]): SeriesPoint[] {
  const byStart = new Map(rows.map((r) => [r.period_start, r.value]));
  return axis.map((p) => ({ period_start: p, value: byStart.get(p) ?? null }));
}

/** "Up 8 % on the previous month", from the two latest figures entered. */
export function changeInWords(points: SeriesPoint[], period: MetricPeriod = 'month'): string {
  const known = points.filter((p): p is { period_start: string; value: number } => p.value !== null);
  if (known.length < 2) return `No previous ${period} to compare yet`;
  const prev = known[known.length - 2]!;
  const last = known[known.length - 1]!;
  if (last.value === prev.value) return `No change on the previous ${period}`;
  if (prev.value === 0) return `${last.value > prev.value ? 'Up' : 'Down'} from zero the previous ${period}`;
  const pct = Math.round((100 * Math.abs(last.value - prev.value)) / Math.abs(prev.value));
  return `${last.value > prev.value ? 'Up' : 'Down'} ${pct} % on the previous ${period}`;
}

/** "Nov 2026" for a month start. */
export const monthLabel = (start: string) =>
  new Date(`${start}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
