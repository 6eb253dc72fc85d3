import { useQuery } from '@tanstack/react-query';
import { connectionRunCountsQuery } from '../api/queries';
import { QueryState } from './shared';

const MONTHS = 3;
const monthName = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Connection runs (issue 40) per month: accepted, and refused because the customer's plan had no runs left. */
export function ConnectionRunCounts() {
  const counts = useQuery(connectionRunCountsQuery(MONTHS));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="connection-run-counts-title">
      <div>
        <h3 id="connection-run-counts-title" className="font-semibold">
          Connection runs
        </h3>
        <p className="text-sm text-muted-foreground">
          Refused: a trigger came after the customer&apos;s plan had used all its runs that month.
        </p>
      </div>
      <QueryState isLoading={counts.isLoading} error={counts.error}>
        {counts.data && (
          <ul className="flex flex-col gap-1 text-sm" data-testid="connection-run-counts">
            {counts.data.months.map((m) => (
              <li key={m.month} className="tabular-nums">
                <span className="font-medium">{monthName(m.month)}:</span> {m.runs.toLocaleString('en-GB')} run{m.runs === 1 ? '' : 's'},{' '}
                <span className={m.refused ? 'font-semibold text-destructive' : undefined}>
                  {m.refused.toLocaleString('en-GB')} refused at the limit
                </span>
                {m.refused > 0 && ` (${m.customersRefused} customer${m.customersRefused === 1 ? '' : 's'})`}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
