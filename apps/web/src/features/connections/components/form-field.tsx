import { createContext, useContext, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import type { FieldErrors } from '../lib/validate';

/** The form's id prefix and its current errors, so each field finds its own by the draft's field id. */
export const FormErrors = createContext<{ prefix: string; errors: FieldErrors }>({ prefix: 'c', errors: {} });

export const domId = (prefix: string, field: string) => `${prefix}-${field.replaceAll('.', '-')}`;

/** The input's id and its ARIA links to the hint and the error (spread onto the input, select or textarea). */
export function useFieldProps(field: string, hint?: boolean) {
  const { prefix, errors } = useContext(FormErrors);
  const id = domId(prefix, field);
  const error = errors[field];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined } as const;
}

export const selectClass =
  'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive';

/** A label, the control (given by the caller with useFieldProps), a hint and the field's error. */
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
  children: ReactNode;
}) {
  const { prefix, errors } = useContext(FormErrors);
  const id = domId(prefix, field);
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {errors[field] && (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid="field-error">
          {errors[field]}
        </p>
      )}
    </div>
  );
}
