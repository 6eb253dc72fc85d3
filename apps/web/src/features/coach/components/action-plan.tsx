import '../coach.css';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Checkbox } from '@/components/ui/checkbox';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { coachMessages } from '@/lib/coach-messages';
import { cn } from '@/lib/utils';
import { actionPlanQuery, useSetTaskDone } from '../api/queries';
import { phasesOf } from '../lib/phases';

/** The 90-day action plan the coach wrote, in three 30-day phases, with tasks ticked off here. */
export function ActionPlanBoard() {
  const plan = useQuery(actionPlanQuery());
  const tick = useSetTaskDone(() => toast.error(coachMessages.taskSaveFailed));

  if (plan.isPending) return <Spinner className="size-6 text-primary" label="Loading your action plan" />;
  const p = plan.data;
  if (!p) {
    return (
      <section aria-labelledby="plan-title" className="rounded-xl border border-dashed bg-card p-6">
        <h2 id="plan-title" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarCheck aria-hidden className="size-5 text-primary" /> {coachMessages.actionPlanTitle}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{coachMessages.actionPlanEmpty}</p>
      </section>
    );
  }
  const done = p.tasks.filter((t) => t.done).length;
  const pct = p.tasks.length ? Math.round((done / p.tasks.length) * 100) : 0;
  return (
    <section aria-labelledby="plan-title" data-testid="action-plan" className="rounded-xl border bg-card p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{coachMessages.actionPlanTitle}</p>
          <h2 id="plan-title" className="text-xl font-semibold">
            {p.title}
          </h2>
        </div>
        <div className="w-56">
          <p className="text-right text-sm tabular-nums">
            {done} of {p.tasks.length} tasks done
          </p>
          <Progress
            value={pct}
            className="mt-1.5 h-2"
            aria-label="Action plan progress"
            indicatorClassName="bg-gradient-to-r from-violet-500 to-cyan-400"
          />
        </div>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {phasesOf(p.tasks).map((ph) => (
          <section
            key={ph.phase}
            aria-label={`Days ${(ph.phase - 1) * 30 + 1} to ${ph.phase * 30}: ${ph.name}`}
            className="rounded-lg border bg-background/40 p-4"
          >
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              Days {(ph.phase - 1) * 30 + 1}-{ph.phase * 30}
            </p>
            <h3 className="font-semibold">{ph.name}</h3>
            <ul className="mt-3 space-y-2.5">
              {ph.tasks.map((t) => (
                <li key={t.id} className="flex items-start gap-2.5">
                  <Checkbox
                    id={`task-${t.id}`}
                    checked={t.done}
                    onCheckedChange={(v) => tick.mutate({ id: t.id, done: v === true })}
                    className="mt-0.5"
                  />
                  <label htmlFor={`task-${t.id}`} className="cursor-pointer text-sm">
                    <span className={cn('font-medium', t.done && 'text-muted-foreground line-through')}>{t.title}</span>
                    {t.detail && <span className="block text-xs text-muted-foreground">{t.detail}</span>}
                  </label>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
