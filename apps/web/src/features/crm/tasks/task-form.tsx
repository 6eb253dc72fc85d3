import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { useAddTask } from '../api/tasks';
import { errorText } from '../api/errors';
import { quickDueDates, type QuickDue } from '../lib/due-dates';
import { formatDay, localToday } from '../lib/format';
import { fieldErrors, optionalDay, textField } from '../lib/text';
import { ContactPicker, type PickedContact } from '../shared/contact-picker';
import { FormField } from '../shared/form-field';

const m = crmMessages.tasks;
const schema = z.object({ title: textField(200, m.taskTitle).min(1, m.titleRequired), due: optionalDay(crmMessages.contactForm.notADate) });
const QUICK: QuickDue[] = ['today', 'tomorrow', 'friday', 'nextWeek'];

/** A new task ("Follow up on Friday"): what, when (a date or a quick choice) and, unless given, for whom. */
export function TaskForm({ contactId }: { contactId?: string }) {
  const idp = useId();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [contact, setContact] = useState<PickedContact | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddTask();
  const quick = quickDueDates(localToday());
  const submit = () => {
    const parsed = schema.safeParse({ title, due });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    add.mutate(
      { title: parsed.data.title, dueDate: parsed.data.due, contactId: contactId ?? contact?.id ?? null },
      {
        onSuccess: () => {
          void toast.success(m.added(parsed.data.title));
          setTitle('');
          setDue('');
          setContact(null);
        },
        onError: (e) => setErrors({ title: errorText(e) }),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label={m.add}
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField id={`${idp}-title`} label={m.taskTitle} error={errors.title}>
        {(p) => <Input {...p} placeholder={m.taskPlaceholder} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </FormField>
      <FormField id={`${idp}-due`} label={m.due} error={errors.due}>
        {(p) => <Input {...p} type="date" value={due} onChange={(e) => setDue(e.target.value)} />}
      </FormField>
      <div className="flex flex-wrap gap-1.5">
        {QUICK.map((q) => (
          <Button
            key={q}
            type="button"
            size="sm"
            variant={due === quick[q] ? 'secondary' : 'outline'}
            className="h-7 px-2 text-xs"
            aria-label={m.quickLabel(m.quick[q], formatDay(quick[q]))}
            aria-pressed={due === quick[q]}
            onClick={() => setDue(quick[q])}
          >
            {m.quick[q]}
          </Button>
        ))}
      </div>
      {!contactId && (
        <FormField id={`${idp}-contact`} label={m.contact}>
          {(p) => <ContactPicker id={p.id} value={contact} onChange={setContact} />}
        </FormField>
      )}
      <div>
        <Button type="submit" disabled={add.isPending}>
          {m.add}
        </Button>
      </div>
    </form>
  );
}
