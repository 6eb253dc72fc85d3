import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import type { CustomField } from '../api/custom-fields';
import { FormField, selectClass } from '../shared/form-field';

/** One custom field's control by its type: text, number, date or a choice of its options. */
export function CustomFieldInput({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: CustomField;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <FormField id={id} label={field.label} error={error}>
      {(p) =>
        field.type === 'select' ? (
          <select {...p} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">{crmMessages.contactForm.choose}</option>
            {field.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : (
          <Input
            {...p}
            type={field.type === 'date' ? 'date' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}
