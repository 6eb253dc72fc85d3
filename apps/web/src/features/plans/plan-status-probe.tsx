import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { planKeys } from '@/lib/plan/plan-keys';
import { planStatusQuery, type PlanSnapshot } from './api/plan-status';

/** The signed-in user's plan as the probe last read it. */
export interface PlanRead {
  userId: string;
  snapshot: PlanSnapshot | undefined;
  isPending: boolean;
  refresh(): Promise<void>;
}

/**
 * Reads the plan with TanStack Query and reports it to PlanProvider, which renders it beside the page once someone is
 * signed in: /connect-anything, public, loads TanStack only then (issue 15, decision 0094).
 */
export function PlanStatusProbe({ userId, onRead }: { userId: string; onRead(read: PlanRead): void }) {
  const queryClient = useQueryClient();
  const query = useQuery(planStatusQuery(userId));
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: planKeys.all }), [queryClient]);
  useEffect(
    () => onRead({ userId, snapshot: query.data, isPending: query.isPending, refresh }),
    [userId, query.data, query.isPending, refresh, onRead],
  );
  return null;
}
