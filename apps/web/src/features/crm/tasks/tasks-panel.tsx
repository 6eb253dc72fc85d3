import { useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { crmMessages } from '@/lib/messages/crm';
import { TaskForm } from './task-form';
import { TaskList } from './task-list';

const m = crmMessages.tasks;

/** Every CRM task: open ones by due date (late first), done ones on request, and a form to add one. */
export function TasksPanel({ onOpenContact }: { onOpenContact: (id: string) => void }) {
  const [showDone, setShowDone] = useState(false);
  return (
    <section aria-label={m.title} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 rounded-xl border bg-card p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold">{m.title}</h2>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
            <Switch checked={showDone} onCheckedChange={setShowDone} />
            {m.showDone}
          </label>
        </div>
        <div className="mt-2">
          <TaskList done={false} onOpenContact={onOpenContact} />
        </div>
        {showDone && (
          <div className="mt-4 border-t pt-2">
            <TaskList done onOpenContact={onOpenContact} />
          </div>
        )}
      </div>
      <div className="rounded-xl border bg-card p-5">
        <h2 className="mb-3 font-semibold">{m.add}</h2>
        <TaskForm />
      </div>
    </section>
  );
}
