import { crmMessages } from '@/lib/messages/crm';
import { TaskForm } from './task-form';
import { TaskList } from './task-list';

/** A contact's open tasks and a form to add one for them. */
export function ContactTasks({ contactId }: { contactId: string }) {
  return (
    <section aria-labelledby={`tasks-${contactId}`} className="space-y-3">
      <h3 id={`tasks-${contactId}`} className="font-semibold">
        {crmMessages.contact.tasks}
      </h3>
      <TaskList contactId={contactId} done={false} />
      <TaskForm contactId={contactId} />
    </section>
  );
}
