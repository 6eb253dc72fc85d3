import { useQuery } from '@tanstack/react-query';
import { Check, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { InboxKind } from '../api/inbox';
import { inboxQuery, useMarkHandled } from '../api/queries';
import { formatDate, PanelHeader, QueryState } from './shared';

const KINDS: { kind: InboxKind; label: string }[] = [
  { kind: 'plan_request', label: 'Plan and credit requests' },
  { kind: 'integration_request', label: 'Integration requests' },
  { kind: 'connection_request', label: 'Connection requests' },
  { kind: 'contact_message', label: 'Contact messages' },
];

function InboxList({ kind, showHandled }: { kind: InboxKind; showHandled: boolean }) {
  const items = useQuery(inboxQuery(kind, showHandled));
  const mark = useMarkHandled(kind, {
    onSuccess: (_r, a) => void toast.success(a.handled ? 'Marked as handled' : 'Moved back to new'),
    onError: (e) => void toast.error(e.message),
  });
  return (
    <QueryState isLoading={items.isLoading} error={items.error}>
      <ul className="flex flex-col gap-3">
        {items.data?.length === 0 && (
          <li className="rounded-lg border p-6 text-center text-sm text-muted-foreground">Nothing {showHandled ? 'here' : 'new'}</li>
        )}
        {items.data?.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold break-words">{i.title}</p>
                <p className="text-xs text-muted-foreground">
                  {i.from ? `${i.from} · ` : ''}
                  {formatDate(i.created_at)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge variant="secondary" className={i.status === 'new' ? 'bg-violet-700 text-white' : undefined}>
                  {i.status}
                </Badge>
                {i.status === 'new' ? (
                  <Button size="sm" variant="outline" disabled={mark.isPending} onClick={() => mark.mutate({ id: i.id, handled: true })}>
                    <Check aria-hidden="true" /> Mark handled
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" disabled={mark.isPending} onClick={() => mark.mutate({ id: i.id, handled: false })}>
                    <Undo2 aria-hidden="true" /> Reopen
                  </Button>
                )}
              </div>
            </div>
            <p className="whitespace-pre-wrap break-words text-sm text-slate-200">{i.body}</p>
            {i.extra && <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">{i.extra}</p>}
          </li>
        ))}
      </ul>
    </QueryState>
  );
}

/** What visitors and users sent us, each item markable as handled. */
export function InboxPanel() {
  const [kind, setKind] = useState<InboxKind>('plan_request');
  const [showHandled, setShowHandled] = useState(false);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="inbox-panel-title">
      <PanelHeader id="inbox-panel-title" title="Inbox">
        <label className="flex items-center gap-2 text-sm" htmlFor="inbox-show-handled">
          <Switch id="inbox-show-handled" checked={showHandled} onCheckedChange={setShowHandled} />
          Show handled
        </label>
      </PanelHeader>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Inbox kind">
        {KINDS.map((k) => (
          <Button
            key={k.kind}
            size="sm"
            variant={kind === k.kind ? 'default' : 'outline'}
            className={kind === k.kind ? 'bg-violet-700 hover:bg-violet-600' : undefined}
            aria-pressed={kind === k.kind}
            onClick={() => setKind(k.kind)}
          >
            {k.label}
          </Button>
        ))}
      </div>
      <InboxList kind={kind} showHandled={showHandled} />
    </section>
  );
}
