import { ChevronDown, ChevronRight, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { connectionsMessages } from '@/lib/messages/connections';
import type { Run, RunStep } from '../api/runs';
import { pretty } from '../lib/samples';
import { ScrollBox } from './scroll-box';
import { StatusBadge } from './status-badge';

const h = connectionsMessages.history;

/** A stored request or response, its JSON body shown as JSON rather than as an escaped string. */
function readable(record: Record<string, unknown>): string {
  const body = record.body;
  if (typeof body !== 'string') return pretty(record);
  try {
    return pretty({ ...record, body: JSON.parse(body) });
  } catch {
    return pretty(record);
  }
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

function Stored({ title, label, value }: { title: string; label: string; value: Record<string, unknown> | null }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold text-muted-foreground">{title}</p>
      {value ? (
        <ScrollBox label={`${title}: ${label}`} text={readable(value)} className="mt-1 max-h-72" />
      ) : (
        <p className="mt-1 text-xs text-muted-foreground">{h.noResponse}</p>
      )}
    </div>
  );
}

function StepAttempt({ step }: { step: RunStep }) {
  const status = num(step.response?.status);
  const size = num(step.response?.size);
  const type = connectionsMessages.steps[step.type as keyof typeof connectionsMessages.steps];
  const label = h.step(step.step_index + 1, typeof type === 'string' ? type : step.type, step.attempt);
  return (
    <li className="space-y-2 rounded-lg border p-3" data-testid="run-step">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium">{label}</span>
        <StatusBadge status={step.status} />
        {status !== null && <span className="font-mono text-xs">{h.statusCode(status)}</span>}
        {step.duration_ms !== null && <span className="text-xs text-muted-foreground">{h.duration(step.duration_ms)}</span>}
        {size !== null && <span className="text-xs text-muted-foreground">{h.size(size)}</span>}
        <span className="text-xs text-muted-foreground">{h.at(step.started_at)}</span>
      </div>
      {step.error && <p className="text-sm text-red-300">{step.error}</p>}
      <div className="grid gap-3 lg:grid-cols-2">
        <Stored title={h.request} label={label} value={step.request} />
        <Stored title={h.response} label={label} value={step.response} />
      </div>
    </li>
  );
}

/** One run: its outcome at a glance, and on demand the trigger's payload and every step attempt. */
export function RunItem({
  run,
  open,
  onToggle,
  onRerun,
  rerunning,
}: {
  run: Run;
  open: boolean;
  onToggle(): void;
  onRerun(): void;
  rerunning: boolean;
}) {
  const id = useId();
  return (
    <li className="rounded-lg border bg-background/40" data-testid="run" data-run-id={run.id} data-status={run.status}>
      <div className="flex flex-wrap items-center gap-3 p-3">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={`${id}-details`}
          aria-label={`${open ? h.collapse : h.expand}: ${connectionsMessages.kind[run.kind]} ${h.at(run.created_at)}`}
          onClick={onToggle}
        >
          {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        </Button>
        <StatusBadge status={run.status} />
        <span className="text-sm font-medium">{connectionsMessages.kind[run.kind]}</span>
        <span className="text-sm text-muted-foreground">{h.at(run.created_at)}</span>
        <span className="text-sm text-muted-foreground">{h.attempts(run.connection_run_steps.length)}</span>
        {run.status === 'failed' && (
          <Button type="button" size="sm" variant="outline" className="ml-auto" disabled={rerunning} onClick={onRerun}>
            <RotateCcw aria-hidden /> {rerunning ? h.rerunning : h.rerun}
          </Button>
        )}
        {run.error && <p className="basis-full pl-12 text-sm text-red-300">{run.error}</p>}
      </div>
      {open && (
        <div id={`${id}-details`} className="space-y-3 border-t p-3">
          {run.rerun_of && <p className="text-xs text-muted-foreground">{h.rerunOf}</p>}
          <div>
            <p className="text-xs font-semibold text-muted-foreground">{h.payload}</p>
            <ScrollBox
              label={`${h.payload}: ${connectionsMessages.kind[run.kind]} ${h.at(run.created_at)}`}
              text={pretty(run.payload)}
              className="mt-1 max-h-60"
            />
          </div>
          {run.connection_run_steps.length === 0 ? (
            <p className="text-sm text-muted-foreground">{h.noSteps}</p>
          ) : (
            <ol className="space-y-2">
              {run.connection_run_steps.map((s) => (
                <StepAttempt key={s.id} step={s} />
              ))}
            </ol>
          )}
        </div>
      )}
    </li>
  );
}
