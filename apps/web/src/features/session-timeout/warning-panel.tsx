import { Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/** docs/product.md#session-timeout: yellow above 120 s, orange above 60 s, red at or below 60 s. */
export function barColour(secondsLeft: number): string {
  if (secondsLeft > 120) return 'bg-yellow-400';
  if (secondsLeft > 60) return 'bg-orange-500';
  return 'bg-red-500';
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The session-timeout warning: countdown, coloured bar, Extend and Dismiss. */
export function WarningPanel({
  secondsLeft,
  totalSeconds,
  onExtend,
  onDismiss,
}: {
  secondsLeft: number;
  totalSeconds: number;
  onExtend: () => void;
  onDismiss: () => void;
}) {
  const percent = totalSeconds > 0 ? Math.max(0, Math.min(100, (secondsLeft / totalSeconds) * 100)) : 0;
  return (
    <div
      role="alertdialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-text"
      className="fixed inset-x-3 bottom-3 z-50 rounded-lg border border-amber-500/40 bg-card p-4 text-card-foreground shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-amber-400" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id="session-warning-title" className="font-semibold">
            Your session is about to expire
          </h2>
          <p id="session-warning-text" className="text-sm text-muted-foreground">
            You will be signed out for inactivity in{' '}
            <span className="font-mono font-semibold text-foreground" data-testid="session-countdown">
              {formatCountdown(secondsLeft)}
            </span>
            .
          </p>
          <Progress
            value={percent}
            aria-label="Time left before sign-out"
            indicatorClassName={cn(barColour(secondsLeft))}
            data-colour={barColour(secondsLeft)}
          />
          <div className="flex gap-2 pt-1">
            <Button size="sm" onClick={onExtend} className="flex-1">
              Extend Session
            </Button>
            <Button size="sm" variant="outline" onClick={onDismiss} className="flex-1">
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
