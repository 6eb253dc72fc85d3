import { CheckCircle2, CircleDashed, Clock, Loader2, RotateCw, XCircle } from 'lucide-react';
import type { ConnectionRunStatus } from '@app/shared/connections';
import { connectionsMessages } from '@/lib/messages/connections';
import { cn } from '@/lib/utils';

const LOOK: Record<ConnectionRunStatus, { icon: typeof Clock; className: string }> = {
  queued: { icon: Clock, className: 'border-border text-muted-foreground' },
  running: { icon: Loader2, className: 'border-sky-400/60 text-sky-300' },
  retrying: { icon: RotateCw, className: 'border-amber-400/60 text-amber-300' },
  succeeded: { icon: CheckCircle2, className: 'border-emerald-400/60 text-emerald-300' },
  failed: { icon: XCircle, className: 'border-red-400/60 text-red-300' },
};

/** A run's status as a word with an icon and colour (the word carries the meaning; the colour only helps). */
export function StatusBadge({ status, className }: { status: ConnectionRunStatus | null; className?: string }) {
  if (!status)
    return (
      <span className={cn('inline-flex items-center gap-1 text-xs text-muted-foreground', className)}>
        <CircleDashed aria-hidden className="size-3.5" /> {connectionsMessages.list.never}
      </span>
    );
  const { icon: Icon, className: look } = LOOK[status];
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium', look, className)}
      data-status={status}
    >
      <Icon aria-hidden className={cn('size-3.5', status === 'running' && 'animate-spin')} /> {connectionsMessages.status[status]}
    </span>
  );
}
