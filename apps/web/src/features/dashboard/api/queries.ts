import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { integrationKeys } from '@/lib/data/integrations';
import { useWriteMutation, type MutationCallbacks } from '@/lib/data/mutation';
import {
  addUserTool,
  listUserTools,
  loadNodePositions,
  saveNodePositions,
  searchCatalogue,
  topRatedTools,
  type NodePositions,
} from './builder';

export const dashboardKeys = {
  userTools: ['user-tools'] as const,
  nodePositions: (userId: string) => ['node-positions', userId] as const,
};

export const userToolsQuery = () => queryOptions({ queryKey: dashboardKeys.userTools, queryFn: listUserTools });
export const nodePositionsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: dashboardKeys.nodePositions(userId ?? ''),
    queryFn: () => loadNodePositions(userId!),
    enabled: userId !== undefined,
  });
export const topRatedQuery = (n: number) =>
  queryOptions({ queryKey: integrationKeys.topRated(n), queryFn: () => topRatedTools(n), staleTime: 5 * 60_000 });
export const catalogueSearchQuery = (term: string, enabled: boolean) =>
  queryOptions({
    queryKey: integrationKeys.search(term.trim()),
    queryFn: () => searchCatalogue(term),
    enabled,
    staleTime: 60_000,
    retry: 1,
  });

export const useAddUserTool = (cb?: MutationCallbacks<void, string>) => useWriteMutation(addUserTool, [dashboardKeys.userTools], cb);

/** The canvas layout: shown at once (optimistic), saved in the background. */
export function useSaveNodePositions(userId: string | undefined, onError: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: NodePositions) => saveNodePositions(userId!, p),
    onMutate: (p) => qc.setQueryData(dashboardKeys.nodePositions(userId ?? ''), p),
    onError,
  });
}
