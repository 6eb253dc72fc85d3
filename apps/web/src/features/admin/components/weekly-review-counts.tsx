import { useQuery } from '@tanstack/react-query';
import { weeklyReviewCountsQuery } from '../api/queries';
import { QueryState } from './shared';

const WEEKS = 6;
const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The Monday weekly reviews (issue 42) of the last weeks: sent, sent without suggestions (skipped), failed. */
export function WeeklyReviewCounts() {
  const counts = useQuery(weeklyReviewCountsQuery(WEEKS));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="weekly-review-counts-title">
      <div>
        <h3 id="weekly-review-counts-title" className="font-semibold">
          Weekly reviews
        </h3>
        <p className="text-sm text-muted-foreground">
          Skipped: mailed without the coach&apos;s suggestions (out of credits, coach not configured). Failed: not mailed after every
          attempt.
        </p>
      </div>
      <QueryState isLoading={counts.isLoading} error={counts.error}>
        {counts.data && (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-left text-sm" data-testid="weekly-review-counts">
              <thead className="bg-secondary text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Week of
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Sent
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Skipped
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Failed
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.data.weeks.map((w) => (
                  <tr key={w.weekStart} className="border-t">
                    <td className="px-3 py-2">{day(w.weekStart)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{w.sent}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{w.skipped}</td>
                    <td className={`px-3 py-2 text-right tabular-nums ${w.failed ? 'font-semibold text-destructive' : ''}`}>{w.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
