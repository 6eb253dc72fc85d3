import { CRM_CUSTOM_FIELD_TYPES, CRM_LIMITS, splitTags, type CrmCustomFieldType } from '@app/shared/crm';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { fieldKey, useAddCustomField } from '../api/custom-fields';
import { CrmError, errorText } from '../api/errors';
import { fieldErrors, textField } from '../lib/text';
import { FormField, selectClass } from '../shared/form-field';

const m = crmMessages.customFields;

const fieldSchema = z
  .object({
    label: textField(80, m.label)
      .min(1, m.labelRequired)
      .max(80, m.labelTooLong)
      .refine((l) => l === '' || fieldKey(l) !== '', m.labelNoKey),
    type: z.enum(CRM_CUSTOM_FIELD_TYPES),
    options: z
      .string()
      .transform(splitTags)
      .pipe(z.array(z.string().max(200)).max(50, m.tooManyOptions)),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, { path: ['options'], message: m.optionsRequired });

/** A new custom field: its name (the key is made from it), its type and, for a choice, its options. */
export function CustomFieldForm({ count }: { count: number }) {
  const idp = useId();
  const add = useAddCustomField();
  const [form, setForm] = useState({ label: '', type: 'text' as CrmCustomFieldType, options: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = fieldSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (count >= CRM_LIMITS.customFields) return setErrors({ label: m.tooManyFields });
    setErrors({});
    add.mutate(
      { ...parsed.data, position: count },
      {
        onSuccess: () => {
          void toast.success(m.added(parsed.data.label));
          setForm({ label: '', type: 'text', options: '' });
        },
        onError: (e) => setErrors({ label: e instanceof CrmError && e.field ? e.text : errorText(e) }),
      },
    );
  };
  return (
    <form
      noValidate
      className="grid gap-3 border-t pt-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField id={`${idp}-label`} label={m.label} error={errors.label}>
        {(p) => <Input {...p} value={form.label} onChange={(e) => setForm({ ...form, label: e.target.value })} />}
      </FormField>
      <FormField id={`${idp}-type`} label={m.type}>
        {(p) => (
          <select
            {...p}
            className={selectClass}
            value={form.type}
            onChange={(e) => setForm({ ...form, type: e.target.value as CrmCustomFieldType })}
          >
            {CRM_CUSTOM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {m.types[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {form.type === 'select' && (
        <FormField id={`${idp}-options`} label={m.options} hint={m.optionsHint} error={errors.options} className="sm:col-span-2">
          {(p) => <Input {...p} value={form.options} onChange={(e) => setForm({ ...form, options: e.target.value })} />}
        </FormField>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {m.add}
        </Button>
      </div>
    </form>
  );
}
