import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Currency, KeyMetricId } from '@app/shared';
import { messages } from '@/lib/messages';
import { monthlySeriesQuery } from './api';
import { formatMetric } from './format';
import { changeInWords, lastMonths, monthLabel, onAxis } from './series';

const m = messages.metrics;
// the admin charts' palette (analytics-charts.tsx): recharts draws SVG, which needs real colours, not theme tokens
const AXIS = { stroke: '#a3acc2', fontSize: 10 } as const;

interface Props {
  userId: string;
  ids: KeyMetricId[];
  targets: Partial<Record<KeyMetricId, number | null>>;
  currency: Currency;
}

/**
 * One small chart per tracked metric: the last 12 months, the target as a dashed line, the change in words, and
 * the same numbers in a table for screen readers (the chart itself is hidden from them). Loaded lazily: recharts
 * stays out of every other page's JavaScript.
 */
export default function MetricCharts({ userId, ids, targets, currency }: Props) {
  const axis = lastMonths(12);
  const series = useQuery(monthlySeriesQuery(userId, ids, axis[0]!));
  if (!series.data) return null;
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label={m.chartsTitle}>
      {ids.map((id) => {
        const points = onAxis(
          axis,
          series.data.filter((r) => r.metric_id === id),
        );
        const latest = points.findLast((p) => p.value !== null);
        const target = targets[id] ?? null;
        const fmt = (v: number) => formatMetric(id, v, currency);
        return (
          <li key={id} className="rounded-lg border p-4" data-testid={`metric-chart-${id}`}>
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="text-sm font-medium">{m.labels[id]}</h3>
              <span className="text-lg font-semibold">{latest?.value != null ? fmt(latest.value) : '—'}</span>
            </div>
            <p className="text-xs text-muted-foreground" data-testid="metric-change">
              {changeInWords(points)}
              {target !== null && ` · ${m.target} ${fmt(target)}`}
            </p>
            <div className="mt-2 h-32" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart
                  data={points.map((p) => ({ ...p, label: monthLabel(p.period_start) }))}
                  margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="#27314f" vertical={false} />
                  <XAxis dataKey="label" {...AXIS} interval="preserveStartEnd" />
                  <YAxis width={56} {...AXIS} tickFormatter={fmt} />
                  <Tooltip formatter={(v) => fmt(Number(v))} contentStyle={{ background: '#111827', border: '1px solid #27314f' }} />
                  {target !== null && <ReferenceLine y={target} stroke="#06b6d4" strokeDasharray="4 4" />}
                  <Line
                    type="monotone"
                    dataKey="value"
                    stroke="#8b5cf6"
                    strokeWidth={2}
                    dot={{ r: 2 }}
                    connectNulls
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
            <table className="sr-only">
              <caption>
                {m.labels[id]}, {m.lastTwelve}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{m.month}</th>
                  <th scope="col">{m.valueLabel}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.period_start}>
                    <th scope="row">{monthLabel(p.period_start)}</th>
                    <td>{p.value === null ? m.notEntered : fmt(p.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        );
      })}
    </ul>
  );
}
