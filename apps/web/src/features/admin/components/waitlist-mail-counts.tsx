import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { waitlistMailQuery } from '../api/queries';

/** The waitlist confirmation queue at a glance: what waits for (another) attempt, what went out, what never will. */
export function WaitlistMailCounts() {
  const query = useQuery(waitlistMailQuery());
  const c = query.data;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="waitlist-mail-counts">
      <span>Confirmation mails:</span>
      {query.isError ? (
        <span className="text-destructive">could not be counted</span>
      ) : !c ? (
        <span>…</span>
      ) : (
        <>
          <Badge variant="secondary">{c.queued} queued</Badge>
          <Badge variant="outline">{c.sent} sent</Badge>
          <Badge variant="outline" className={c.failed ? 'border-transparent bg-destructive text-white' : undefined}>
            {c.failed} failed
          </Badge>
        </>
      )}
    </p>
  );
}
