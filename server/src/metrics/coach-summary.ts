import { CURRENCY_SYMBOL, METRIC_UNITS, trackedMetricIds, type Currency, type KeyMetricId } from '@app/shared';
import type { Queryable } from '../db/types.js';

/** Issue 42 item 5: the latest figures and their trend, one fact for the coach's prompt ("Latest figures"). */
const LABELS: Record<KeyMetricId, string> = {
  revenue: 'Revenue',
  customers: 'Customers',
  leads: 'Leads',
  conversion: 'Conversion rate',
  retention: 'Retention',
  costs: 'Costs',
  traffic: 'Website traffic',
  social: 'Social media',
  profit: 'Profit',
  cashflow: 'Cash flow',
};

export function formatFigure(metric: KeyMetricId, value: number, currency: Currency): string {
  const n = Math.abs(value).toLocaleString('en-GB', { maximumFractionDigits: 2 });
  const unit = METRIC_UNITS[metric];
  if (unit === 'money') return `${value < 0 ? '-' : ''}${CURRENCY_SYMBOL[currency]}${n}`;
  return unit === 'percent' ? `${value < 0 ? '-' : ''}${n} %` : `${value < 0 ? '-' : ''}${n}`;
}

const monthName = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

interface Row {
  metric_id: KeyMetricId;
  period: 'week' | 'month';
  period_start: string;
  value: string;
}

/**
 * Reads, in the caller's own transaction (RLS), the two latest figures of each tracked metric, monthly where there
 * are months, and says them in words: "Revenue £11,240 in October 2026, down 8 % on the month before".
 */
export async function metricsSummaryFact(tx: Queryable): Promise<{ label: string; value: string }> {
  const r = await tx.query<{ key_metrics: string[] | null; currency: string | null; added: string[]; rows: Row[] }>(
    `select (select b.key_metrics from public.business_profiles b where b.user_id = auth.uid()) as key_metrics,
            (select b.currency from public.business_profiles b where b.user_id = auth.uid()) as currency,
            coalesce((select array_agg(t.metric_id) from public.tracked_metrics t where t.user_id = auth.uid()), '{}') as added,
            coalesce((select jsonb_agg(jsonb_build_object('metric_id', v.metric_id, 'period', v.period,
                        'period_start', v.period_start, 'value', v.value::text) order by v.metric_id, v.period, v.period_start desc)
                      from (select *, row_number() over (partition by metric_id, period order by period_start desc) as n
                            from public.metric_values where user_id = auth.uid()) v where v.n <= 2), '[]'::jsonb) as rows`,
  );
  const { key_metrics, currency, added, rows } = r.rows[0]!;
  const cur: Currency = currency === 'USD' ? 'USD' : 'GBP';
  const parts: string[] = [];
  for (const id of trackedMetricIds(key_metrics ?? [], added)) {
    const mine = rows.filter((x) => x.metric_id === id);
    const series = mine.some((x) => x.period === 'month') ? mine.filter((x) => x.period === 'month') : mine;
    const [last, prev] = series;
    if (!last) continue;
    const when = last.period === 'month' ? `in ${monthName(last.period_start)}` : `in the week of ${last.period_start}`;
    let s = `${LABELS[id]} ${formatFigure(id, Number(last.value), cur)} ${when}`;
    if (prev) {
      const a = Number(prev.value);
      const b = Number(last.value);
      const pct = a === 0 ? null : Math.round((100 * Math.abs(b - a)) / Math.abs(a));
      s += b === a ? ', unchanged' : `, ${b > a ? 'up' : 'down'}${pct === null ? ' from zero' : ` ${pct} %`} on the ${last.period} before`;
      s += ` (${formatFigure(id, a, cur)})`;
    }
    parts.push(s);
  }
  if (parts.length === 0) {
    return {
      label: 'Latest figures',
      value: 'none entered yet: ask the customer for them and offer the "Record your numbers" form on the Dashboard view',
    };
  }
  return { label: 'Latest figures', value: parts.join('; ') };
}
