import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { connectionsMessages } from '@/lib/messages/connections';
import { toast } from '@/lib/toast';
import { runsQuery, useStartRerun } from '../api/queries';
import { RunRefusedError } from '../api/runs';
import { RunItem } from './run-item';

const h = connectionsMessages.history;

/**
 * Every run of a connection, newest first, refetched while one is unfinished. `opened` is a run to show expanded
 * (one just started from here); the customer opens and closes the others.
 */
export function RunHistory({
  connectionId,
  opened,
  onOpened,
}: {
  connectionId: string;
  opened: string | null;
  onOpened(runId: string): void;
}) {
  const runs = useQuery(runsQuery(connectionId));
  // the customer's own choice per run; a run just started from here opens by itself until then
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (id: string) => toggled[id] ?? id === opened;
  const rerun = useStartRerun({
    onSuccess: (runId) => {
      toast.success(h.rerunStarted);
      onOpened(runId);
    },
    onError: (err) => void toast.error(err instanceof RunRefusedError ? err.message : h.rerunFailed),
  });
  const toggle = (id: string) => setToggled((t) => ({ ...t, [id]: !isOpen(id) }));

  return (
    <section aria-labelledby={`history-${connectionId}`} className="space-y-3 rounded-xl border bg-card p-5">
      <h3 id={`history-${connectionId}`} className="font-semibold">
        {h.title}
      </h3>
      {runs.isPending ? (
        <Spinner className="size-5 text-primary" label={h.title} />
      ) : runs.isError ? (
        <Alert variant="destructive">{connectionsMessages.loadFailed}</Alert>
      ) : runs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{h.empty}</p>
      ) : (
        <ol className="space-y-2" data-testid="run-history">
          {runs.data.map((run) => (
            <RunItem
              key={run.id}
              run={run}
              open={isOpen(run.id)}
              onToggle={() => toggle(run.id)}
              onRerun={() => rerun.mutate(run.id)}
              rerunning={rerun.isPending && rerun.variables === run.id}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
