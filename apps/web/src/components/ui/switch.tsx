import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type SwitchProps = Omit<ComponentProps<'button'>, 'value' | 'defaultChecked' | 'onChange'> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?(checked: boolean): void;
};

const state = (on: boolean) => (on ? 'checked' : 'unchecked');

/**
 * An on/off switch: a button with role="switch", the markup Radix's Switch renders (data-state, data-disabled) without
 * its 2.5 kB gzip on the public pages (issue 15, decision 0094). Radix's hidden form input is left out: no switch here
 * is a named form field; each reports through onCheckedChange.
 */
export function Switch({ className, checked, defaultChecked = false, onCheckedChange, onClick, disabled, ...props }: SwitchProps) {
  const [own, setOwn] = useState(defaultChecked);
  const on = checked ?? own;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-state={state(on)}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      value="on"
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        setOwn(!on);
        onCheckedChange?.(!on);
      }}
    >
      <span
        data-state={state(on)}
        data-disabled={disabled ? '' : undefined}
        className="pointer-events-none block size-5 rounded-full bg-white shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}
