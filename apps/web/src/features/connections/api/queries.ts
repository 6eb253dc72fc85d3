import { queryOptions } from '@tanstack/react-query';
import { useWriteMutation, type MutationCallbacks } from '@/lib/data/mutation';
import {
  createConnection,
  deleteConnection,
  listConnections,
  regenerateToken,
  rotateSecret,
  runsThisMonth,
  updateConnection,
  type Connection,
  type Revealed,
} from './connections';
import { listRuns, startRerun, startTest, type Run } from './runs';

export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  usage: () => [...connectionKeys.all, 'usage'] as const,
  runs: (connectionId: string) => [...connectionKeys.all, 'runs', connectionId] as const,
};

// Live-ish without sleeps: TanStack Query polls while a run is unfinished (fast while it is queued or running, slower
// while it waits for a retry), and slowly otherwise, so runs started from outside (an inbound webhook) show up.
const FAST = 1_500;
const WAITING = 10_000;
const IDLE = 5_000;
const interval = (statuses: readonly string[], idle: number | false) =>
  statuses.some((s) => s === 'queued' || s === 'running') ? FAST : statuses.includes('retrying') ? WAITING : idle;

export const connectionsQuery = () =>
  queryOptions({
    queryKey: connectionKeys.list(),
    queryFn: listConnections,
    refetchInterval: (q) =>
      interval(
        (q.state.data ?? []).flatMap((c: Connection) => (c.latest ? [c.latest.status] : [])),
        15_000,
      ),
  });

export const usageQuery = () => queryOptions({ queryKey: connectionKeys.usage(), queryFn: runsThisMonth, refetchInterval: 15_000 });

export const runsQuery = (connectionId: string) =>
  queryOptions({
    queryKey: connectionKeys.runs(connectionId),
    queryFn: () => listRuns(connectionId),
    refetchInterval: (q) =>
      interval(
        (q.state.data ?? []).map((r: Run) => r.status),
        IDLE,
      ),
  });


// Every write refreshes the whole family: the list shows the switch and the latest run, the history the runs.
const all = [connectionKeys.all];
export const useCreateConnection = (cb?: MutationCallbacks<Revealed, Parameters<typeof createConnection>[0]>) =>
  useWriteMutation(createConnection, all, cb);
export const useUpdateConnection = (cb?: MutationCallbacks<void, { id: string; patch: Parameters<typeof updateConnection>[1] }>) =>
  useWriteMutation((v: { id: string; patch: Parameters<typeof updateConnection>[1] }) => updateConnection(v.id, v.patch), all, cb);
export const useDeleteConnection = (cb?: MutationCallbacks<void, string>) => useWriteMutation(deleteConnection, all, cb);
export const useRegenerateToken = (cb?: MutationCallbacks<Revealed, string>) => useWriteMutation(regenerateToken, [], cb);
export const useRotateSecret = (cb?: MutationCallbacks<Revealed, string>) => useWriteMutation(rotateSecret, [], cb);
export const useStartTest = (cb?: MutationCallbacks<string, Parameters<typeof startTest>[0]>) => useWriteMutation(startTest, all, cb);
export const useStartRerun = (cb?: MutationCallbacks<string, string>) => useWriteMutation(startRerun, all, cb);
