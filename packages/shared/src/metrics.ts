import { KEY_METRIC_IDS, type KeyMetricId } from './onboarding.js';

/**
 * Issue 42: the business's own numbers. Units and ranges mirror migration 0730 (metric_unit, metric_value_ok),
 * which the database enforces; this schema gives the browser the same answer before it asks.
 */
export type MetricUnit = 'money' | 'count' | 'percent';
export type MetricPeriod = 'week' | 'month';

export const METRIC_UNITS: Record<KeyMetricId, MetricUnit> = {
  revenue: 'money',
  costs: 'money',
  profit: 'money',
  cashflow: 'money',
  customers: 'count',
  leads: 'count',
  traffic: 'count',
  social: 'count',
  conversion: 'percent',
  retention: 'percent',
};

const RANGES: Record<MetricUnit, { min: number; max: number; whole: boolean }> = {
  money: { min: -1e12, max: 1e12, whole: false },
  count: { min: 0, max: 1e9, whole: true },
  percent: { min: 0, max: 100, whole: false },
};

/** The first day of the period holding `day` (UTC): Monday for a week, the 1st for a month. */
export function periodStart(period: MetricPeriod, day: Date): string {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  if (period === 'month') d.setUTCDate(1);
  else d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Tracked metrics: those chosen at onboarding, then those added since, in the onboarding's order. */
export function trackedMetricIds(onboarding: readonly string[], added: readonly string[]): KeyMetricId[] {
  const chosen = new Set([...onboarding, ...added]);
  return KEY_METRIC_IDS.filter((id) => chosen.has(id));
}

export interface MetricEntry {
  metric_id: KeyMetricId;
  period: MetricPeriod;
  period_start: string;
  value: number;
}

/** Why an entry would be refused ('value' or 'period_start'), or null when the database will take it. */
export function metricEntryProblem(e: MetricEntry, now = new Date()): 'value' | 'period_start' | null {
  const unit = METRIC_UNITS[e.metric_id] as MetricUnit | undefined;
  if (!unit || !Number.isFinite(e.value)) return 'value';
  const r = RANGES[unit];
  if (e.value < r.min || e.value > r.max || (r.whole && !Number.isInteger(e.value))) return 'value';
  const start = new Date(`${e.period_start}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(e.period_start) || Number.isNaN(start.getTime())) return 'period_start';
  if (periodStart(e.period, start) !== e.period_start) return 'period_start';
  if (start.getTime() > now.getTime() + 31 * 86_400_000) return 'period_start';
  return null;
}
