import type { Currency } from '@app/shared/plans';
import { cn } from '@/lib/utils';

const OPTIONS: { value: Currency; label: string }[] = [
  { value: 'GBP', label: 'GBP £' },
  { value: 'USD', label: 'USD $' },
];

/** GBP (default) or USD, switchable at any time. Two pressed-state buttons: lighter than a tabs widget on the landing page. */
export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  return (
    <div role="group" aria-label="Currency" className="inline-flex rounded-full border border-border bg-card p-1 shadow-sm">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors',
            value === o.value ? 'bg-violet-700 text-white shadow' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
