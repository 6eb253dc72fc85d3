import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <Loader2 className={cn('size-5 animate-spin', className)} aria-hidden="true" />
      <span className={label ? '' : 'sr-only'}>{label ?? 'Loading'}</span>
    </span>
  );
}

/** Full-screen centred spinner with a message (auth start-up, route loading). */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-background text-foreground">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}
