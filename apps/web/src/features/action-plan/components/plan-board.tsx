import { dueDateOf, planDay, planProgress, type PlanEdit, type PlanTask } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';
import { toast } from '@/lib/toast';
import { activePlanQuery, usePlanChange } from '../api/queries';
import { localToday, shortDate } from '../lib';
import { AddTaskForm } from './add-task-form';
import { CalendarDialog } from './calendar-dialog';
import { DueSummary } from './due-summary';
import { TaskDialog } from './task-dialog';
import { TaskItem } from './task-item';
import { VersionsDialog } from './versions-dialog';

/**
 * The living 90-day plan (issue 39, docs/plan.md): phases with their dates, tasks ticked, edited, added and
 * reordered by hand, what is due this week and late, every change a version with Undo in its toast. `besideDue`:
 * what the page shows beside the due tasks (the CRM's follow-ups), also when there is no plan yet.
 */
export function PlanBoard({ besideDue }: { besideDue?: ReactNode }) {
  const plan = useQuery(activePlanQuery());
  const [editing, setEditing] = useState<PlanTask | null>(null);
  const change = usePlanChange({
    onSuccess: (c) => {
      if (c.kind === 'edit') toast.success(m.saved, { action: { label: m.undo, onClick: () => change.mutate({ kind: 'undo' }) } });
      else if (c.kind === 'undo') toast.success(m.undone);
    },
    onError: (e) => toast.error(e.message === 'failed' ? m.failed : e.message),
  });
  const edit = (edits: PlanEdit[], then?: () => void) => change.mutate({ kind: 'edit', edits }, { onSuccess: then });

  if (plan.isPending) return <Spinner className="size-6 text-primary" label="Loading your action plan" />;
  const p = plan.data;
  if (!p) {
    return (
      <section aria-labelledby="plan-title" className="rounded-xl border border-dashed bg-card p-6">
        <h2 id="plan-title" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarCheck aria-hidden className="size-5 text-primary" /> {m.title}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{m.empty}</p>
        {besideDue && <div className="mt-4 max-w-xl">{besideDue}</div>}
      </section>
    );
  }
  const today = localToday();
  const progress = planProgress(p, today);
  const pct = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  const busy = change.isPending;
  return (
    <section aria-labelledby="plan-title" data-testid="action-plan" className="rounded-xl border bg-card p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{m.title}</p>
          <h2 id="plan-title" className="text-xl font-semibold">
            {p.title}
          </h2>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <VersionsDialog
            planId={p.id}
            busy={busy}
            onRestore={(versionId, n) => change.mutate({ kind: 'restore', versionId }, { onSuccess: () => toast.success(m.restored(n)) })}
          />
          <CalendarDialog />
          <div className="w-56">
            <p className="text-right text-sm tabular-nums">{m.progress(progress.done, progress.total)}</p>
            <Progress
              value={pct}
              className="mt-1.5 h-2"
              aria-label="Action plan progress"
              indicatorClassName="bg-gradient-to-r from-violet-500 to-cyan-400"
            />
          </div>
        </div>
      </div>
      <DueSummary progress={progress} beside={besideDue} />
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {p.phases.map((ph) => {
          const tasks = p.tasks.filter((t) => t.phase === ph.phase);
          return (
            <section
              key={ph.phase}
              aria-label={`Days ${ph.startDay} to ${ph.endDay}: ${ph.name}`}
              className="rounded-lg border bg-background/40 p-4"
            >
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                Days {ph.startDay}-{ph.endDay} · {shortDate(planDay(p.startsOn, ph.startDay))} – {shortDate(planDay(p.startsOn, ph.endDay))}
              </p>
              <h3 className="font-semibold">{ph.name}</h3>
              <ul className="mt-3 space-y-2.5">
                {tasks.map((t, i) => (
                  <TaskItem
                    key={t.id}
                    plan={p}
                    task={t}
                    today={today}
                    first={i === 0}
                    last={i === tasks.length - 1}
                    busy={busy}
                    onTick={(done) => edit([{ op: 'completeTask', taskId: t.id, done }])}
                    onMove={(by) => edit([{ op: 'moveTask', taskId: t.id, phase: t.phase, position: t.position + by }])}
                    onEdit={() => setEditing(t)}
                  />
                ))}
              </ul>
              <AddTaskForm
                phaseName={ph.name}
                busy={busy}
                onAdd={(title, done) => edit([{ op: 'addTask', phase: ph.phase, title }], done)}
              />
            </section>
          );
        })}
      </div>
      {editing && (
        <TaskDialog
          task={editing}
          phaseDue={dueDateOf(p, { phase: editing.phase, dueDate: null })}
          busy={busy}
          onClose={() => setEditing(null)}
          onRemove={() => edit([{ op: 'removeTask', taskId: editing.id }], () => setEditing(null))}
          onSave={(c) => edit([{ op: 'updateTask', taskId: editing.id, ...c }], () => setEditing(null))}
        />
      )}
    </section>
  );
}
