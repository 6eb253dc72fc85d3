import { CRM_CUSTOM_FIELD_TYPES, CRM_LIMITS, splitTags, type CrmCustomFieldType } from '@app/shared/crm';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/crm-messages';
import { toast } from '@/lib/toast';
import { customFieldsQuery, fieldKey, useAddCustomField, useDeleteCustomField, type CustomField } from '../api/custom-fields';
import { CrmError, errorText } from '../api/errors';
import { fieldErrors, textField } from '../lib/text';
import { ConfirmDialog } from '../shared/confirm-dialog';
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

/** The customer's custom contact fields: listed, added (text, number, date or a choice), deleted. */
export function CustomFieldsDialog({ onClose }: { onClose: () => void }) {
  const idp = useId();
  const fields = useQuery(customFieldsQuery());
  const add = useAddCustomField();
  const remove = useDeleteCustomField();
  const [form, setForm] = useState({ label: '', type: 'text' as CrmCustomFieldType, options: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const list = fields.data ?? [];

  const submit = () => {
    const parsed = fieldSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (list.length >= CRM_LIMITS.customFields) return setErrors({ label: m.tooManyFields });
    setErrors({});
    add.mutate(
      { ...parsed.data, position: list.length },
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
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.intro}</DialogDescription>
        </DialogHeader>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.none}</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {list.map((f) => (
              <li key={f.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span>
                  {f.label} <span className="text-muted-foreground">· {m.types[f.type]}</span>
                  {f.type === 'select' && <span className="text-muted-foreground"> ({f.options.join(', ')})</span>}
                </span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8 text-destructive"
                  aria-label={m.deleteLabel(f.label)}
                  onClick={() => setDeleting(f)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
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
        {deleting && (
          <ConfirmDialog
            open
            title={m.deleteTitle(deleting.label)}
            text={m.deleteText}
            busy={remove.isPending}
            error={remove.isError ? errorText(remove.error) : undefined}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  void toast.success(m.deleted(deleting.label));
                  setDeleting(null);
                },
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
