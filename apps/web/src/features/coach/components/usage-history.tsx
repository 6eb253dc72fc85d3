import '../coach.css';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { coachMessages } from '@/lib/messages/coach';
import { usageHistoryQuery } from '../api/queries';
import { usageLine } from '../lib/usage-line';

/** The credit ledger in plain words, newest first; refreshed after every coach reply. */
export function UsageHistory() {
  const rows = useQuery(usageHistoryQuery());
  return (
    <section aria-labelledby="usage-history" className="rounded-xl border bg-card p-6">
      <h3 id="usage-history" className="flex items-center gap-2 font-semibold">
        <History aria-hidden className="size-4 text-primary" /> {coachMessages.usageHistoryTitle}
      </h3>
      {rows.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">Loading...</p>
      ) : rows.isError ? (
        <p className="mt-3 text-sm text-destructive">{coachMessages.loadFailed}</p>
      ) : rows.data.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{coachMessages.usageHistoryEmpty}</p>
      ) : (
        <ul data-testid="usage-history" className="mt-3 divide-y text-sm">
          {rows.data.map((r, i) => (
            <li key={`${r.created_at}-${i}`} className="py-2">
              {usageLine(r)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
