import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { crmMessages } from '@/lib/messages/crm';
import { cn } from '@/lib/utils';
import { formatDay } from '../lib/format';

const m = crmMessages.tasks;

export interface TaskView {
  id: string;
  title: string;
  due_date: string | null;
  done: boolean;
  contact_id: string | null;
  contact_name: string | null;
  deal_title: string | null;
}

/** One task: tick it off, its due date (late ones say so), whom it is for; delete when wanted. */
export function TaskRow({
  task: t,
  today,
  busy,
  onTick,
  onDelete,
  onOpenContact,
}: {
  task: TaskView;
  today: string;
  busy?: boolean;
  onTick: (done: boolean) => void;
  onDelete?: () => void;
  onOpenContact?: (id: string) => void;
}) {
  const late = !t.done && t.due_date !== null && t.due_date < today;
  return (
    <li className="flex items-start gap-3 py-2">
      <Checkbox
        className="mt-0.5"
        checked={t.done}
        disabled={busy}
        aria-label={m.markDone(t.title)}
        onCheckedChange={(v) => onTick(v === true)}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className={cn('break-words', t.done && 'text-muted-foreground line-through')}>{t.title}</p>
        <p className="text-xs text-muted-foreground">
          {late ? (
            <span className="font-medium text-destructive">
              {m.overdue} · {formatDay(t.due_date!)}
            </span>
          ) : t.due_date ? (
            m.dueOn(formatDay(t.due_date))
          ) : (
            m.noDue
          )}
          {t.contact_name && (
            <>
              {' '}
              {onOpenContact && t.contact_id ? (
                <button type="button" className="cursor-pointer text-brand hover:underline" onClick={() => onOpenContact(t.contact_id!)}>
                  {m.forContact(t.contact_name)}
                </button>
              ) : (
                m.forContact(t.contact_name)
              )}
            </>
          )}
          {t.deal_title && ` ${m.forDeal(t.deal_title)}`}
        </p>
      </div>
      {onDelete && (
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className="size-7 text-muted-foreground"
          aria-label={m.deleteLabel(t.title)}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </li>
  );
}
