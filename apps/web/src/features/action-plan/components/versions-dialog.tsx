import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';
import { versionsQuery } from '../api/queries';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** Every version of the plan: who (you or the coach), when, what; any but the current one can be restored. */
export function VersionsDialog({
  planId,
  busy,
  onRestore,
}: {
  planId: string;
  busy: boolean;
  onRestore(versionId: string, n: number): void;
}) {
  const versions = useQuery(versionsQuery(planId));
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <History aria-hidden /> {m.versions}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[80vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{m.versions}</DialogTitle>
          <DialogDescription>{m.versionsIntro}</DialogDescription>
        </DialogHeader>
        {versions.isPending ? (
          <Spinner className="size-5 text-primary" label="Loading versions" />
        ) : (
          <ol className="divide-y" aria-label={m.versions}>
            {(versions.data ?? []).map((v, i) => (
              <li key={v.id} className="flex items-center justify-between gap-3 py-2.5 text-sm" data-testid="plan-version">
                <div>
                  <p className="font-medium">
                    {v.number}. {v.summary}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {v.actor === 'coach' ? m.byCoach : m.byYou} · {when(v.created_at)} ·{' '}
                    {v.snapshot.tasks.filter((t) => t.status === 'done').length}/{v.snapshot.tasks.length} done
                  </p>
                </div>
                {i === 0 ? (
                  <span className="text-xs text-muted-foreground">{m.current}</span>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={`${m.restore} version ${v.number}`}
                    onClick={() => onRestore(v.id, v.number)}
                  >
                    {m.restore}
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
