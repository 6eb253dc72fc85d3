import { CRM_HAND_ACTIVITY_KINDS, CRM_LIMITS, type CrmHandActivityKind } from '@app/shared/crm';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { crmMessages } from '@/lib/messages/crm';
import { hasControlCharacters } from '@/lib/security-input';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useLogActivity } from '../api/activities';
import { errorText } from '../api/errors';
import { fieldErrors } from '../lib/text';
import { FormField } from '../shared/form-field';

const m = crmMessages.timeline;

const schema = z.object({
  body: z
    .string()
    .trim()
    .min(1, m.bodyRequired)
    .max(CRM_LIMITS.notes, m.bodyTooLong)
    .refine((s) => !hasControlCharacters(s), crmMessages.contactForm.badCharacters),
  // <input type="datetime-local">: the browser's local time; empty = now
  when: z
    .string()
    .refine((s) => s === '' || !Number.isNaN(new Date(s).getTime()), m.whenInvalid)
    .transform((s) => (s ? new Date(s).toISOString() : null)),
});

/** "Log activity": a note, a call or an e-mail, with what happened and when (now unless said). */
export function LogActivityForm({ contactId }: { contactId: string }) {
  const idp = useId();
  const [kind, setKind] = useState<CrmHandActivityKind>('note');
  const [body, setBody] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const log = useLogActivity();
  const submit = () => {
    const parsed = schema.safeParse({ body, when });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    log.mutate(
      { contactId, kind, body: parsed.data.body, occurredAt: parsed.data.when },
      {
        onSuccess: () => {
          void toast.success(m.logged(m.kinds[kind]));
          setBody('');
          setWhen('');
        },
        onError: (e) => setErrors({ body: errorText(e) }),
      },
    );
  };
  return (
    <form
      noValidate
      aria-labelledby={`${idp}-title`}
      className="space-y-3 rounded-lg border bg-background/40 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 id={`${idp}-title`} className="text-sm font-semibold">
        {m.log}
      </h4>
      <fieldset>
        <legend className="sr-only">{m.kind}</legend>
        <div className="inline-flex rounded-md border p-0.5">
          {CRM_HAND_ACTIVITY_KINDS.map((k) => (
            <label
              key={k}
              className={cn(
                'cursor-pointer rounded px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                kind === k ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input type="radio" name={`${idp}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} className="sr-only" />
              {m.kinds[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={`${idp}-body`} label={m.body} error={errors.body}>
        {(p) => <Textarea {...p} rows={3} placeholder={m.bodyPlaceholders[kind]} value={body} onChange={(e) => setBody(e.target.value)} />}
      </FormField>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FormField id={`${idp}-when`} label={m.when} hint={m.whenHint} error={errors.when}>
          {(p) => <Input {...p} type="datetime-local" className="w-56" value={when} onChange={(e) => setWhen(e.target.value)} />}
        </FormField>
        <Button type="submit" disabled={log.isPending}>
          {m.logButton}
        </Button>
      </div>
    </form>
  );
}
