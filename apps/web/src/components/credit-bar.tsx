import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * Credit balance against the plan's allowance; the bar never overflows when top-ups exceed the allowance, and a
 * balance overdrawn before reservations existed (issue 41) reads as 0, never as a negative number.
 */
export function CreditBar({ balance: raw, allowance, className }: { balance: number; allowance: number; className?: string }) {
  const balance = Math.max(0, raw);
  const pct = allowance > 0 ? Math.min(100, Math.max(0, (balance / allowance) * 100)) : 0;
  return (
    <div className={className}>
      <div className="flex justify-between text-sm">
        <span className="text-muted-foreground">Credit balance</span>
        <span className="font-medium tabular-nums">
          {balance.toLocaleString('en-GB')} / {allowance.toLocaleString('en-GB')}
        </span>
      </div>
      <Progress
        value={pct}
        aria-label="Credit balance"
        className="mt-2 h-2.5"
        indicatorClassName={cn('bg-gradient-to-r from-violet-500 to-cyan-400', pct < 15 && 'from-amber-500 to-red-500')}
      />
    </div>
  );
}
