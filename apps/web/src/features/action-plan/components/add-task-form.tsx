import { PLAN_LIMITS } from '@app/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { actionPlanMessages as m } from '@/lib/messages/action-plan';

/** A one-line form at the foot of a phase: the customer's own task. The text is cleared only once it is saved. */
export function AddTaskForm({
  phaseName,
  busy,
  onAdd,
}: {
  phaseName: string;
  busy: boolean;
  onAdd(title: string, done: () => void): void;
}) {
  const [title, setTitle] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (title.trim()) onAdd(title.trim(), () => setTitle(''));
  };
  return (
    <form onSubmit={submit} className="mt-3 flex items-center gap-2">
      <Input
        value={title}
        maxLength={PLAN_LIMITS.taskTitle}
        placeholder={m.addTask}
        aria-label={m.newTaskLabel(phaseName)}
        className="h-8 text-sm"
        onChange={(e) => setTitle(e.target.value)}
      />
      <Button
        type="submit"
        size="icon"
        variant="outline"
        className="size-8 shrink-0"
        aria-label={`${m.addTask} to ${phaseName}`}
        disabled={busy || !title.trim()}
      >
        <Plus aria-hidden />
      </Button>
    </form>
  );
}
