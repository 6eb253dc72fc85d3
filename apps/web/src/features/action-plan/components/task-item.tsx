import { dueDateOf, PLAN_STATUS_LABELS, type PlanSnapshot, type PlanTask } from '@app/shared';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';
import { cn } from '@/lib/utils';
import { shortDate } from '../lib';

interface Props {
  plan: PlanSnapshot;
  task: PlanTask;
  today: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onTick(done: boolean): void;
  onMove(by: -1 | 1): void;
  onEdit(): void;
}

/** One task: tick, title, due date (late in red), owner and status, and buttons to edit and reorder it. */
export function TaskItem({ plan, task, today, first, last, busy, onTick, onMove, onEdit }: Props) {
  const done = task.status === 'done';
  const due = dueDateOf(plan, task);
  const late = !done && due < today;
  return (
    <li className="group flex items-start gap-2.5" data-testid="plan-task">
      <Checkbox id={`task-${task.id}`} checked={done} disabled={busy} onCheckedChange={(v) => onTick(v === true)} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={`task-${task.id}`}
          className={cn('cursor-pointer text-sm font-medium', done && 'text-muted-foreground line-through')}
        >
          {task.title}
        </label>
        {task.notes && <p className="text-xs text-muted-foreground">{task.notes}</p>}
        <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span className={cn(late && 'font-medium text-destructive')}>
            {m.due(shortDate(due))}
            {late && ` · ${m.late}`}
          </span>
          {task.ownerName && <Badge variant="secondary">{task.ownerName}</Badge>}
          {task.status === 'doing' && <Badge variant="outline">{PLAN_STATUS_LABELS.doing}</Badge>}
        </p>
      </div>
      <div className="flex shrink-0 items-center">
        {(
          [
            [m.moveUp(task.title), ArrowUp, first, () => onMove(-1)],
            [m.moveDown(task.title), ArrowDown, last, () => onMove(1)],
            [`${m.editTask}: ${task.title}`, Pencil, false, onEdit],
          ] as const
        ).map(([label, Icon, off, act]) => (
          <Button
            key={label}
            type="button"
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label={label}
            disabled={busy || off}
            onClick={act}
          >
            <Icon aria-hidden />
          </Button>
        ))}
      </div>
    </li>
  );
}
