import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';
import { auditQuery, failedSignInsQuery, securityStatsQuery } from '../api/queries';
import type { AuditSource, Severity } from '../api/stats';
import { formatDate, NATIVE_SELECT, PanelHeader, QueryState, Stat } from './shared';

const FailedSignInsChart = lazy(() => import('./security-chart'));
const SEVERITIES: Severity[] = ['info', 'warn', 'error', 'critical'];
const SEVERITY_STYLE: Record<Severity, string> = {
  info: 'bg-sky-500/15 text-sky-200',
  warn: 'bg-amber-500/15 text-amber-200',
  error: 'bg-red-500/15 text-red-200',
  critical: 'bg-red-600 text-white',
};
const SOURCES: AuditSource[] = ['server', 'client'];
const SOURCE_STYLE: Record<AuditSource, string> = {
  server: 'bg-emerald-500/15 text-emerald-200',
  client: 'bg-zinc-500/20 text-zinc-200',
};
const t = messages.auditSource;

/**
 * The latest 50 audit entries (filter by severity and by who wrote them), the top 10 event types and failed sign-ins
 * per day. Browsers may report a few low-severity client.* events; they are marked apart from the server's own rows.
 */
export function SecurityPanel() {
  const [severity, setSeverity] = useState<Severity | 'all'>('all');
  const [source, setSource] = useState<AuditSource | 'all'>('all');
  const entries = useQuery(auditQuery(severity, source));
  const stats = useQuery(securityStatsQuery());
  const failed = useQuery(failedSignInsQuery(14));

  return (
    <section className="flex flex-col gap-6" aria-labelledby="security-panel-title">
      <PanelHeader
        id="security-panel-title"
        title="Security"
        description="From the security audit log (the latest 1000 entries for the counts)."
      />
      <QueryState isLoading={stats.isLoading} error={stats.error}>
        {stats.data && (
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {SEVERITIES.map((s) => (
              <Stat key={s} label={s} value={stats.data.by_severity[s]} />
            ))}
            {stats.data.by_source && (
              <p className="col-span-full text-sm text-muted-foreground">
                {t.split(stats.data.by_source.server, stats.data.by_source.client)}
              </p>
            )}
          </div>
        )}
      </QueryState>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-lg border bg-card p-4">
          <h3 className="mb-3 text-sm font-semibold">Failed sign-ins per day (14 days)</h3>
          <QueryState isLoading={failed.isLoading} error={failed.error}>
            <Suspense fallback={<Spinner className="py-12" label="Loading chart" />}>
              {failed.data && <FailedSignInsChart series={failed.data.series} />}
            </Suspense>
          </QueryState>
        </div>
        <div className="rounded-lg border bg-card p-4">
          <h3 className="mb-3 text-sm font-semibold">Top 10 event types</h3>
          <QueryState isLoading={stats.isLoading} error={stats.error}>
            <ol className="flex flex-col gap-2 text-sm">
              {stats.data?.top_event_types.map((t) => (
                <li key={t.event_type} className="flex items-center justify-between gap-3 rounded-md bg-secondary/50 px-3 py-1.5">
                  <span className="truncate font-mono text-xs">{t.event_type}</span>
                  <span className="font-semibold tabular-nums">{t.count}</span>
                </li>
              ))}
              {stats.data?.top_event_types.length === 0 && <li className="text-muted-foreground">No entries yet</li>}
            </ol>
          </QueryState>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">Latest 50 entries</h3>
          <div className="flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2 text-sm">
              {t.filterLabel}
              <select className={NATIVE_SELECT} value={source} onChange={(e) => setSource(e.target.value as AuditSource | 'all')}>
                <option value="all">{t.all}</option>
                {SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {t[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              Severity
              <select className={NATIVE_SELECT} value={severity} onChange={(e) => setSeverity(e.target.value as Severity | 'all')}>
                <option value="all">All</option>
                {SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        <QueryState isLoading={entries.isLoading} error={entries.error}>
          {/* A scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div tabIndex={0} role="region" aria-label="Latest audit entries" className="max-h-[520px] overflow-auto rounded-lg border">
            <table className="w-full min-w-[800px] text-left text-sm">
              <thead className="sticky top-0 bg-secondary text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Severity
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t.column}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2">
                    IP
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.data?.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-3 py-8 text-center text-muted-foreground">
                      No entries
                    </td>
                  </tr>
                )}
                {entries.data?.map((e) => (
                  <tr key={e.id} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{formatDate(e.created_at)}</td>
                    <td className="px-3 py-2">
                      <Badge className={cn('border-transparent', SEVERITY_STYLE[e.severity])}>{e.severity}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      <Badge
                        className={cn('border-transparent', SOURCE_STYLE[e.source])}
                        title={e.source === 'client' ? t.clientHint : t.serverHint}
                      >
                        {t[e.source]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">{e.event_type}</td>
                    <td className="px-3 py-2 text-muted-foreground">{e.ip_address ?? '—'}</td>
                    <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{JSON.stringify(e.event_details).slice(0, 140)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </QueryState>
      </div>
    </section>
  );
}
