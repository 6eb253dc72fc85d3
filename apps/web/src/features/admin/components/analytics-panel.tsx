import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { analyticsStatsQuery, analyticsSummaryQuery } from '../api/queries';
import { formatDate, NATIVE_SELECT, PanelHeader, QueryState, Stat } from './shared';
import { ConnectionRunCounts } from './connection-run-counts';
import { WeeklyReviewCounts } from './weekly-review-counts';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));
const PERIODS = [7, 30, 90] as const;

/** Totals, page views, scroll funnel and engaged rate over a period, and the latest 50 of up to 1000 events. */
export function AnalyticsPanel() {
  const [days, setDays] = useState<number>(30);
  const summary = useQuery(analyticsSummaryQuery(days));
  const stats = useQuery(analyticsStatsQuery());
  const s = summary.data;

  return (
    <section className="flex flex-col gap-6" aria-labelledby="analytics-panel-title">
      <PanelHeader id="analytics-panel-title" title="Analytics" description="Only visitors who allowed analytics cookies are counted.">
        <label className="flex items-center gap-2 text-sm">
          Period
          <select className={NATIVE_SELECT} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </PanelHeader>
      <QueryState isLoading={summary.isLoading} error={summary.error}>
        {s && (
          <>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Stat label="Events" value={s.totals.reduce((n, t) => n + t.count, 0)} />
              <Stat label="Page views" value={s.page_views.reduce((n, p) => n + p.count, 0)} />
              <Stat label="Sessions" value={s.sessions} />
              <Stat
                label="Engaged rate"
                value={`${Math.round(s.engaged_rate * 100)}%`}
                hint={`${s.engaged_sessions} of ${s.sessions} sessions stayed 30 s`}
              />
            </div>
            <Suspense fallback={<Spinner className="py-12" label="Loading charts" />}>
              <AnalyticsCharts summary={s} />
            </Suspense>
          </>
        )}
      </QueryState>
      <WeeklyReviewCounts />
      <ConnectionRunCounts />
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Latest events</h3>
        <QueryState isLoading={stats.isLoading} error={stats.error}>
          {stats.data && (
            <>
              <p className="text-sm text-muted-foreground">
                The latest {stats.data.latest.length} of {stats.data.total_events} recent events ({stats.data.unique_sessions} sessions).
              </p>
              {/* A scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div tabIndex={0} role="region" aria-label="Latest events" className="max-h-[480px] overflow-auto rounded-lg border">
                <table className="w-full min-w-[640px] text-left text-sm">
                  <thead className="sticky top-0 bg-secondary text-xs uppercase tracking-wide text-muted-foreground">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        When
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Event
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Path
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Details
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.data.latest.map((e) => {
                      const { page_path, timestamp: _t, referrer: _r, ...rest } = e.event_data;
                      return (
                        <tr key={e.id} className="border-t">
                          <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{formatDate(e.created_at)}</td>
                          <td className="px-3 py-2 font-medium">{e.event_type}</td>
                          <td className="px-3 py-2">{String(page_path ?? '—')}</td>
                          <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{JSON.stringify(rest).slice(0, 120)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
