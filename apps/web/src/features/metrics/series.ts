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

/**
 * "Up 8 % on the previous month", from the two latest figures entered. A gap names the month compared with ("on Aug
 * 2026"), and this month's figure says it is month to date, so a partial month is not read as a fall.
 */
export function changeInWords(points: SeriesPoint[], now = new Date()): string {
  const known = points.filter((p): p is { period_start: string; value: number } => p.value !== null);
  if (known.length < 2) return 'No previous month to compare yet';
  const prev = known[known.length - 2]!;
  const last = known[known.length - 1]!;
  const [before, thisMonth] = lastMonths(2, new Date(`${last.period_start}T00:00:00Z`));
  const against = prev.period_start === before ? 'the previous month' : monthLabel(prev.period_start);
  const soFar = thisMonth === lastMonths(1, now)[0] ? ' (month to date)' : '';
  if (last.value === prev.value) return `No change on ${against}${soFar}`;
  if (prev.value === 0) return `${last.value > prev.value ? 'Up' : 'Down'} from zero in ${against}${soFar}`;
  const pct = Math.round((100 * Math.abs(last.value - prev.value)) / Math.abs(prev.value));
  return `${last.value > prev.value ? 'Up' : 'Down'} ${pct} % on ${against}${soFar}`;
}

/** "Nov 2026" for a month start. */
export const monthLabel = (start: string) =>
  new Date(`${start}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
