import { createContext, useContext, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { FieldErrors } from '../lib/validate';

/** The form's id prefix and its current errors, so each field finds its own by the draft's field id. */
export const FormErrors = createContext<{ prefix: string; errors: FieldErrors }>({ prefix: 'c', errors: {} });

export const domId = (prefix: string, field: string) => `${prefix}-${field.replaceAll('.', '-')}`;

/** The ARIA links a field's control carries: its id, whether it is invalid, and its hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

/**
 * A label, the control (rendered by `children` with the props that link it to the label, the hint and the field's
 * error), the hint and the error. Fields are named by the draft's field ids, as validateDraft names its errors.
 */
export function Field({
  field,
  label,
  hint,
  className,
  children,
}: {
  field: string;
  label: string;
  hint?: ReactNode;
  className?: string;
  children(props: ControlProps): ReactNode;
}) {
  const { prefix, errors } = useContext(FormErrors);
  const id = domId(prefix, field);
  const error = errors[field];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
