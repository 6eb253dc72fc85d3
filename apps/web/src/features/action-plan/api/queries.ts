import type { PlanEdit } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { actionPlanKey, loadActivePlan, undoPlanChange } from '@/lib/action-plan';
import { editPlan, listVersions, restorePlanVersion } from './plan-api';

export const activePlanQuery = () => queryOptions({ queryKey: actionPlanKey, queryFn: loadActivePlan });
export const versionsQuery = (planId: string) =>
  queryOptions({ queryKey: [...actionPlanKey, 'versions', planId], queryFn: () => listVersions(planId) });

type Change = { kind: 'edit'; edits: PlanEdit[] } | { kind: 'undo' } | { kind: 'restore'; versionId: string };

/** Every change to the plan (edit, undo, restore); afterwards the plan and its versions are read again. */
export function usePlanChange(cb: { onSuccess?: (c: Change) => void; onError?: (e: Error) => void }) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (c: Change) => {
      if (c.kind === 'edit') await editPlan(c.edits);
      else if (c.kind === 'undo') await undoPlanChange();
      else await restorePlanVersion(c.versionId);
    },
    onSuccess: (_d, c) => cb.onSuccess?.(c),
    onError: (e) => cb.onError?.(e),
    onSettled: () => qc.invalidateQueries({ queryKey: actionPlanKey }),
  });
}
