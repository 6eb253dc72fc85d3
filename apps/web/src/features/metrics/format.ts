import { CURRENCY_SYMBOL, METRIC_UNITS, type Currency, type KeyMetricId } from '@app/shared';

/** A figure as the customer reads it: "£11,240", "42", "3.5 %". */
export function formatMetric(metric: KeyMetricId, value: number, currency: Currency): string {
  const unit = METRIC_UNITS[metric];
  const n = value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  if (unit === 'money') return value < 0 ? `-${CURRENCY_SYMBOL[currency]}${n.slice(1)}` : `${CURRENCY_SYMBOL[currency]}${n}`;
  if (unit === 'percent') return `${n} %`;
  return n;
}
