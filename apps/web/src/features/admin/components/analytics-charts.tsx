import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsSummary } from '../api/stats';

const AXIS = { stroke: '#a3acc2', fontSize: 12 } as const;
const TOOLTIP = { contentStyle: { background: '#121a30', border: '1px solid #27314f', borderRadius: 8, color: '#f5f7fb' } } as const;

function ChartCard({ title, children, summary }: { title: string; summary: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-lg border bg-card p-4">
      <figcaption className="mb-3 text-sm font-semibold">{title}</figcaption>
      <div className="h-64" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The analytics charts (recharts is its own chunk, loaded only when this panel opens). */
export default function AnalyticsCharts({ summary }: { summary: AnalyticsSummary }) {
  const funnel = summary.scroll_funnel.map((f) => ({ ...f, label: `${f.depth}%` }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard title="Events by type" summary={summary.totals.map((t) => `${t.event_type}: ${t.count}`).join(', ') || 'No events'}>
        <BarChart data={summary.totals} margin={{ left: 0, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#27314f" />
          <XAxis dataKey="event_type" {...AXIS} interval={0} angle={-20} textAnchor="end" height={50} />
          <YAxis {...AXIS} allowDecimals={false} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="count" name="Events" fill="#8b5cf6" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Page views per path" summary={summary.page_views.map((p) => `${p.path}: ${p.count}`).join(', ') || 'No page views'}>
        <BarChart data={summary.page_views} layout="vertical" margin={{ left: 16, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#27314f" />
          <XAxis type="number" {...AXIS} allowDecimals={false} />
          <YAxis type="category" dataKey="path" {...AXIS} width={120} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="count" name="Page views" fill="#06b6d4" radius={[0, 4, 4, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Scroll-depth funnel (sessions)" summary={funnel.map((f) => `${f.label}: ${f.sessions}`).join(', ')}>
        <BarChart data={funnel}>
          <CartesianGrid strokeDasharray="3 3" stroke="#27314f" />
          <XAxis dataKey="label" {...AXIS} />
          <YAxis {...AXIS} allowDecimals={false} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="sessions" name="Sessions" fill="#a78bfa" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Daily page views and sessions" summary={`${summary.daily.length} days`}>
        <LineChart data={summary.daily}>
          <CartesianGrid strokeDasharray="3 3" stroke="#27314f" />
          <XAxis dataKey="day" {...AXIS} tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
          <YAxis {...AXIS} allowDecimals={false} />
          <Tooltip {...TOOLTIP} />
          <Line type="linear" dataKey="page_views" name="Page views" stroke="#8b5cf6" strokeWidth={2} dot={false} />
          <Line type="linear" dataKey="sessions" name="Sessions" stroke="#22d3ee" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
    </div>
  );
}
