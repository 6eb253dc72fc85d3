import { PLAN_LIMITS, PLAN_STATUS_LABELS, PLAN_TASK_STATUSES, type PlanTask, type PlanTaskStatus } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';

export interface TaskChanges {
  title: string;
  notes: string | null;
  dueDate: string | null;
  ownerName: string | null;
  status: PlanTaskStatus;
}

interface Props {
  task: PlanTask;
  /** The date the task is due when it has none of its own (its phase's last day). */
  phaseDue: string;
  busy: boolean;
  onSave(changes: TaskChanges): void;
  onRemove(): void;
  onClose(): void;
}

/** Edits one task by hand: title, notes, due date, owner and status; or removes it. What was typed stays on an error. */
export function TaskDialog({ task, phaseDue, busy, onSave, onRemove, onClose }: Props) {
  const [title, setTitle] = useState(task.title);
  const [notes, setNotes] = useState(task.notes ?? '');
  const [dueDate, setDueDate] = useState(task.dueDate ?? '');
  const [ownerName, setOwnerName] = useState(task.ownerName ?? '');
  const [status, setStatus] = useState<PlanTaskStatus>(task.status);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    onSave({ title: title.trim(), notes: notes.trim() || null, dueDate: dueDate || null, ownerName: ownerName.trim() || null, status });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{m.editTask}</DialogTitle>
            <DialogDescription>{task.title}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="task-title">Title</Label>
            <Input id="task-title" value={title} maxLength={PLAN_LIMITS.taskTitle} required onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-notes">Notes</Label>
            <Textarea id="task-notes" value={notes} maxLength={PLAN_LIMITS.notes} rows={3} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="task-due">Due date</Label>
              <Input id="task-due" type="date" value={dueDate} placeholder={phaseDue} onChange={(e) => setDueDate(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="task-owner">Owner</Label>
              <Input id="task-owner" value={ownerName} maxLength={PLAN_LIMITS.ownerName} onChange={(e) => setOwnerName(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="task-status">Status</Label>
              <select
                id="task-status"
                value={status}
                onChange={(e) => setStatus(e.target.value as PlanTaskStatus)}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
              >
                {PLAN_TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PLAN_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <DialogFooter className="gap-2 sm:justify-between">
            <Button type="button" variant="outline" disabled={busy} onClick={onRemove}>
              {m.removeTask}
            </Button>
            <Button type="submit" disabled={busy || !title.trim()}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
