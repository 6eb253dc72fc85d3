import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { errorText } from '../api/errors';
import { tasksQuery, useDeleteTask, useTickTask } from '../api/tasks';
import { localToday } from '../lib/format';
import { TaskRow } from './task-row';

const m = crmMessages.tasks;

/** Open (or done) tasks, of one contact or all, each ticked off or deleted in place. */
export function TaskList({ contactId, done, onOpenContact }: { contactId?: string; done: boolean; onOpenContact?: (id: string) => void }) {
  const tasks = useQuery(tasksQuery({ contactId, done }));
  const tick = useTickTask();
  const remove = useDeleteTask();
  const today = localToday();
  if (tasks.isPending) return <Spinner className="size-5 text-primary" label={crmMessages.loading} />;
  if (tasks.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(tasks.error)}
      </p>
    );
  if (tasks.data.length === 0) return done ? null : <p className="text-sm text-muted-foreground">{m.empty}</p>;
  return (
    <ul className="divide-y">
      {tasks.data.map((t) => (
        <TaskRow
          key={t.id}
          // in a contact's own panel the task needs no "for <contact>"
          task={{ ...t, done: t.done_at !== null, contact_name: contactId ? null : t.contact_name }}
          today={today}
          busy={tick.isPending}
          onOpenContact={onOpenContact}
          onTick={(d) =>
            tick.mutate(
              { id: t.id, done: d },
              {
                onSuccess: () => void toast.success(d ? m.done(t.title) : m.reopened(t.title)),
                onError: (e) => void toast.error(errorText(e)),
              },
            )
          }
          onDelete={() =>
            remove.mutate(t.id, { onSuccess: () => void toast.success(m.deleted), onError: (e) => void toast.error(errorText(e)) })
          }
        />
      ))}
    </ul>
  );
}
