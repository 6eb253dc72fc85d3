import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A form label, as Radix's Label renders it (a double click on its text does not select it) without Radix's primitive
 * chunk on the public pages' first visit (issue 15, decision 0094).
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control; the handler only keeps a double click from selecting the text
    <label
      data-slot="label"
      className={cn('text-sm font-medium leading-none', className)}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest('button, input, select, textarea')) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
