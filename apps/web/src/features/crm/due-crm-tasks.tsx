import { useQuery } from '@tanstack/react-query';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { errorText } from './api/errors';
import { dueTasksQuery, useTickTask } from './api/tasks';
import { localToday } from './lib/format';
import { TaskRow } from './tasks/task-row';

const m = crmMessages.due;
const SHOWN = 6;

/**
 * The CRM's tasks due this week or late (crm_due_tasks), shown beside the 90-day plan's due tasks on the Dashboard
 * view; ticked off in place.
 */
export function CrmDueTasks() {
  const due = useQuery(dueTasksQuery());
  const tick = useTickTask();
  const today = localToday();
  const tasks = due.data ?? [];
  return (
    <section aria-label={m.title} className="rounded-lg border bg-background/40 p-3" data-testid="crm-due-tasks">
      <h3 className="text-sm font-semibold">{m.title}</h3>
      {due.isError ? (
        <p className="mt-1.5 text-sm text-destructive">{crmMessages.loadFailed}</p>
      ) : tasks.length === 0 ? (
        <p className="mt-1.5 text-sm text-muted-foreground">{due.isPending ? crmMessages.loading : m.nothing}</p>
      ) : (
        <ul className="mt-0.5 divide-y">
          {tasks.slice(0, SHOWN).map((t) => (
            <TaskRow
              key={t.id}
              task={{ ...t, done: false }}
              today={today}
              busy={tick.isPending}
              onTick={(done) =>
                tick.mutate(
                  { id: t.id, done },
                  { onSuccess: () => void toast.success(crmMessages.tasks.done(t.title)), onError: (e) => void toast.error(errorText(e)) },
                )
              }
            />
          ))}
        </ul>
      )}
      {tasks.length > SHOWN && <p className="mt-1 text-xs text-muted-foreground">{m.more(tasks.length - SHOWN)}</p>}
    </section>
  );
}
