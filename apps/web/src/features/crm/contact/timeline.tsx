import type { CrmActivityKind } from '@app/shared/crm';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRightLeft, Mail, Phone, Plug, StickyNote, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { timelineQuery, useDeleteActivity } from '../api/activities';
import { errorText } from '../api/errors';
import { formatWhen } from '../lib/format';

const m = crmMessages.timeline;
const ICONS: Record<CrmActivityKind, typeof Mail> = {
  note: StickyNote,
  call: Phone,
  email: Mail,
  deal_moved: ArrowRightLeft,
  connection_run: Plug,
};
const HAND = new Set<CrmActivityKind>(['note', 'call', 'email']);

/** The contact's timeline, newest first: hand-logged notes, calls and e-mails, deal moves and connection runs. */
export function Timeline({ contactId }: { contactId: string }) {
  const timeline = useInfiniteQuery(timelineQuery(contactId));
  const remove = useDeleteActivity();
  const items = timeline.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby={`timeline-${contactId}`}>
      <h3 id={`timeline-${contactId}`} className="mb-2 font-semibold">
        {m.title}
      </h3>
      {timeline.isPending ? (
        <Spinner className="size-5 text-primary" label={crmMessages.loading} />
      ) : timeline.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(timeline.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.empty}</p>
      ) : (
        <ol className="space-y-3 border-l pl-4" data-testid="crm-timeline">
          {items.map((a) => {
            const Icon = ICONS[a.kind];
            return (
              <li key={a.id} className="relative rounded-lg border bg-background/40 p-3">
                <span className="absolute -left-[1.65rem] top-3 grid size-6 place-items-center rounded-full border bg-card">
                  <Icon aria-hidden className="size-3.5 text-highlight" />
                </span>
                <div className="flex items-start justify-between gap-2">
                  <p className="text-xs text-muted-foreground">
                    <span className="font-semibold text-foreground">{m.kinds[a.kind]}</span> ·{' '}
                    <time dateTime={a.occurred_at}>{formatWhen(a.occurred_at)}</time>
                  </p>
                  {HAND.has(a.kind) && (
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      className="-mr-1 -mt-1 size-7 text-muted-foreground"
                      aria-label={m.deleteLabel(m.kinds[a.kind])}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(a.id, {
                          onSuccess: () => void toast.success(m.deleted),
                          onError: (e) => void toast.error(errorText(e)),
                        })
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </div>
                {a.body && <p className="mt-1 whitespace-pre-wrap break-words text-sm">{a.body}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {timeline.hasNextPage && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {m.showOlder}
        </Button>
      )}
    </section>
  );
}
