import { useQuery } from '@tanstack/react-query';
import { Check, MessageSquare, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { coachMessages } from '@/lib/messages/coach';
import { messages } from '@/lib/messages';
import { cn } from '@/lib/utils';
import type { ConversationSummary } from '../api/conversations';
import { conversationsQuery, useDeleteConversation, useRenameConversation } from '../api/queries';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

function Row({ c, active, onOpen, onDeleted }: { c: ConversationSummary; active: boolean; onOpen(): void; onDeleted(): void }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [title, setTitle] = useState(c.title);
  const rename = useRenameConversation({
    onSuccess: () => {
      toast.success(coachMessages.conversationRenamed);
      setMode('view');
    },
    onError: () => void toast.error(messages.dashboard.saveFailed),
  });
  const remove = useDeleteConversation({
    onSuccess: () => {
      toast.success(coachMessages.conversationDeleted);
      onDeleted();
    },
    onError: () => void toast.error(messages.dashboard.saveFailed),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (title.trim()) rename.mutate({ id: c.id, title });
  };

  if (mode === 'rename') {
    return (
      <form onSubmit={submit} className="flex items-center gap-1 p-1">
        <Input aria-label="Conversation title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} className="h-8" />
        <Button
          type="submit"
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Save title"
          disabled={!title.trim() || rename.isPending}
        >
          <Check aria-hidden />
        </Button>
        <Button type="button" size="icon" variant="ghost" className="size-8" aria-label="Cancel" onClick={() => setMode('view')}>
          <X aria-hidden />
        </Button>
      </form>
    );
  }
  if (mode === 'delete') {
    return (
      <div role="group" aria-label={`Delete ${c.title}`} className="space-y-2 rounded-md bg-destructive/10 p-2 text-xs">
        <p>{coachMessages.deleteConfirm(c.title)}</p>
        <div className="flex gap-2">
          <Button size="sm" variant="destructive" className="h-7" onClick={() => remove.mutate(c.id)} disabled={remove.isPending}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" className="h-7" onClick={() => setMode('view')}>
            Keep
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div
      className={cn(
        'group flex items-center gap-1 rounded-md pr-1',
        active ? 'bg-primary/15 ring-1 ring-primary/40' : 'hover:bg-secondary',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        className="flex min-w-0 flex-1 items-start gap-2 px-2 py-2 text-left text-sm"
      >
        <MessageSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block truncate">{c.title || coachMessages.untitled}</span>
          <span className="block text-xs text-muted-foreground">{when(c.updated_at)}</span>
        </span>
      </button>
      <Button size="icon" variant="ghost" className="size-7" aria-label={`Rename ${c.title}`} onClick={() => setMode('rename')}>
        <Pencil aria-hidden />
      </Button>
      <Button size="icon" variant="ghost" className="size-7" aria-label={`Delete ${c.title}`} onClick={() => setMode('delete')}>
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** The user's past conversations: resume, rename, delete, or start a new one. */
export function ConversationList({ activeId, onOpen, onNew }: { activeId: string | null; onOpen(id: string): void; onNew(): void }) {
  const list = useQuery(conversationsQuery());
  return (
    <nav aria-label={coachMessages.conversationsTitle} className="flex min-h-0 flex-col gap-2">
      <Button variant="gradient" size="sm" onClick={onNew}>
        <Plus aria-hidden /> {coachMessages.newConversation}
      </Button>
      <h2 className="px-2 pt-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">{coachMessages.conversationsTitle}</h2>
      {list.isPending ? (
        <p className="px-2 text-sm text-muted-foreground">Loading...</p>
      ) : list.isError ? (
        <p className="px-2 text-sm text-destructive">{coachMessages.loadFailed}</p>
      ) : list.data.length === 0 ? (
        <p className="px-2 text-sm text-muted-foreground">{coachMessages.noConversations}</p>
      ) : (
        <ul className="min-h-0 space-y-1 overflow-y-auto">
          {list.data.map((c) => (
            <li key={c.id}>
              <Row c={c} active={c.id === activeId} onOpen={() => onOpen(c.id)} onDeleted={() => c.id === activeId && onNew()} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
