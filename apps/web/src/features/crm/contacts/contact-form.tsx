import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { companiesQuery } from '../api/companies';
import { useSaveContact, type Contact } from '../api/contacts';
import type { CustomField } from '../api/custom-fields';
import { CrmError, errorText } from '../api/errors';
import { contactFormValues, contactSchema, type ContactFormValues } from '../lib/contact-schema';
import { fieldErrors } from '../lib/text';
import { FormField } from '../shared/form-field';
import { CustomFieldInput } from './custom-field-input';

const m = crmMessages.contactForm;
type TextKey = 'name' | 'email' | 'phone' | 'company' | 'source' | 'tags';
const TEXT_FIELDS: { key: TextKey; type?: string; hint?: string; auto?: string }[] = [
  { key: 'name', auto: 'off' },
  { key: 'email', type: 'email', auto: 'off' },
  { key: 'phone', type: 'tel', auto: 'off' },
  { key: 'company', hint: m.companyHint, auto: 'off' },
  { key: 'source' },
  { key: 'tags', hint: m.tagsHint },
];

/**
 * The contact's fields, checked with zod on submit (every problem beside its field, the typing kept); the
 * database's refusals (an address already used, a custom value) land on their field too.
 */
export function ContactForm({
  fields,
  contact,
  onCancel,
  onSaved,
}: {
  fields: CustomField[];
  contact?: Contact;
  onCancel: () => void;
  onSaved: (id: string) => void;
}) {
  const idp = useId();
  const [values, setValues] = useState<ContactFormValues>(() => contactFormValues(fields, contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const companies = useQuery(companiesQuery());
  const save = useSaveContact();
  const set = (patch: Partial<ContactFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = () => {
    const parsed = contactSchema(fields).safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(
      { id: contact?.id, input: parsed.data },
      {
        onSuccess: (id) => {
          void toast.success(contact ? m.updated(parsed.data.name) : m.added(parsed.data.name));
          onSaved(id);
        },
        onError: (e) => setErrors(e instanceof CrmError && e.field ? { [e.field]: e.text } : { form: errorText(e) }),
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {TEXT_FIELDS.map((f) => (
        <FormField key={f.key} id={`${idp}-${f.key}`} label={m[f.key]} hint={f.hint} error={errors[f.key]}>
          {(p) => (
            <Input
              {...p}
              type={f.type ?? 'text'}
              autoComplete={f.auto}
              list={f.key === 'company' ? `${idp}-companies` : undefined}
              required={f.key === 'name'}
              value={values[f.key]}
              onChange={(e) => set({ [f.key]: e.target.value })}
            />
          )}
        </FormField>
      ))}
      <datalist id={`${idp}-companies`}>
        {(companies.data ?? []).map((c) => (
          <option key={c.id} value={c.name} />
        ))}
      </datalist>
      <FormField id={`${idp}-notes`} label={m.notes} error={errors.notes} className="sm:col-span-2">
        {(p) => <Textarea {...p} rows={3} value={values.notes} onChange={(e) => set({ notes: e.target.value })} />}
      </FormField>
      {fields.length > 0 && (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">{m.customTitle}</legend>
          {fields.map((f) => (
            <CustomFieldInput
              key={f.key}
              id={`${idp}-custom-${f.key}`}
              field={f}
              value={values.custom[f.key] ?? ''}
              error={errors[`custom.${f.key}`]}
              onChange={(v) => set({ custom: { ...values.custom, [f.key]: v } })}
            />
          ))}
        </fieldset>
      )}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.form ?? errors.custom ?? m.fixErrors}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {crmMessages.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? crmMessages.saving : crmMessages.save}
        </Button>
      </div>
    </form>
  );
}
