import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import type { Connection, Revealed } from '../api/connections';
import { connectionKeys, runsQuery, useDeleteConnection, useUpdateConnection } from '../api/queries';
import { describeStep, describeTrigger } from '../lib/describe';
import { triggerDraftOf } from '../lib/from-stored';
import { pretty, samplePayload } from '../lib/samples';
import { RunHistory } from './run-history';
import { SecretControls } from './secret-controls';
import { ShownOnce } from './shown-once';
import { TestPanel } from './test-panel';

const d = connectionsMessages.detail;

interface Props {
  connection: Connection;
  revealed: Revealed | null;
  onRevealed(r: Revealed | null): void;
  /** The sample payload typed in the form that made it, for its first test. */
  sample: string | null;
  onEdit(): void;
  onDeleted(): void;
}

/** One connection: its switch, steps, shown-once secrets, a test with a sample payload and its run history. */
export function ConnectionDetail({ connection: c, revealed, onRevealed, sample, onEdit, onDeleted }: Props) {
  const runs = useQuery(runsQuery(c.id));
  // a run the list does not know yet (a trigger from outside, an outcome): the list and the month's count follow
  const qc = useQueryClient();
  const newest = runs.data?.[0];
  const stale = newest !== undefined && (newest.id !== c.latest?.id || newest.status !== c.latest?.status);
  useEffect(() => {
    if (stale) {
      void qc.invalidateQueries({ queryKey: connectionKeys.list() });
      void qc.invalidateQueries({ queryKey: connectionKeys.usage() });
    }
  }, [stale, newest?.id, newest?.status, qc]);
  const [openedRun, setOpenedRun] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const toggle = useUpdateConnection({
    onSuccess: (_r, v) => void toast.success(v.patch.enabled ? d.switchedOn(c.name) : d.switchedOff(c.name)),
    onError: () => void toast.error(d.switchFailed),
  });
  const remove = useDeleteConnection({
    onSuccess: () => (toast.success(d.deleted), onDeleted()),
    onError: () => void toast.error(d.deleteFailed),
  });
  const enabled = toggle.isPending && toggle.variables ? Boolean(toggle.variables.patch.enabled) : c.enabled;
  const lastReal = runs.data?.find((r) => r.kind === 'trigger');
  const webhook = (c.trigger as { type?: unknown } | null)?.type === 'webhook';

  return (
    <div className="min-w-0 space-y-4" data-testid="connection-detail">
      {revealed && <ShownOnce revealed={revealed} onDone={() => onRevealed(null)} />}
      <section aria-labelledby={`conn-${c.id}`} className="space-y-4 rounded-xl border bg-card p-5">
        <div className="flex flex-wrap items-start gap-4">
          <div className="mr-auto min-w-0">
            <h2 id={`conn-${c.id}`} className="break-words text-xl font-semibold">
              {c.name}
            </h2>
            <p className="text-sm text-muted-foreground">{describeTrigger(c.trigger)}</p>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id={`switch-${c.id}`}
              aria-label={d.switchLabel}
              checked={enabled}
              disabled={toggle.isPending}
              onCheckedChange={(on) => toggle.mutate({ id: c.id, patch: { enabled: on } })}
            />
            <label htmlFor={`switch-${c.id}`} className="text-sm font-medium" data-testid="connection-state">
              {enabled ? d.on : d.paused}
            </label>
          </div>
          <Button type="button" size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden /> {d.edit}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> {d.delete}
          </Button>
        </div>
        {deleting && (
          <div
            role="group"
            aria-label={d.delete}
            className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/60 p-2 text-sm"
          >
            <span>{d.deleteConfirm}</span>
            <Button type="button" size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(c.id)}>
              {d.deleteYes}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(false)}>
              {connectionsMessages.form.cancel}
            </Button>
          </div>
        )}
        {!enabled && <p className="text-sm text-amber-300">{d.pausedHint}</p>}
        <div>
          <h3 className="text-sm font-semibold">{d.stepsTitle}</h3>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm">
            {c.steps.map((s, i) => (
              <li key={i} className="break-all">
                {describeStep(s)}
              </li>
            ))}
          </ol>
        </div>
        <SecretControls connectionId={c.id} webhook={webhook} onRevealed={onRevealed} />
      </section>
      {!runs.isPending && (
        <TestPanel
          connectionId={c.id}
          initial={sample ?? pretty(lastReal ? lastReal.payload : samplePayload(triggerDraftOf(c.trigger)))}
          onStarted={setOpenedRun}
        />
      )}
      <RunHistory connectionId={c.id} opened={openedRun} onOpened={setOpenedRun} />
    </div>
  );
}
