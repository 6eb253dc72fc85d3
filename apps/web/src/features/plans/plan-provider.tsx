import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { featureLimit as planFeatureLimit, LIVE_PLAN_STATUSES, UPGRADE_MESSAGE } from '@app/shared';
import { planStatusQuery } from './api/plan-status';
import { planKeys } from '@/lib/plan/plan-keys';
import { PlanContext, type PlanContextValue, type PlanDialogIntent, type PlanStatus } from '@/lib/plan/plan-context';
import { useAuth } from '@/lib/session/auth-context';

const LIVE_STATUSES = new Set(LIVE_PLAN_STATUSES);

/** The shared rule (@app/shared featureLimit, which public.feature_limit() is tested against), for a live plan only. */
export function featureLimit(status: PlanStatus | null, feature: string): number | null {
  return planFeatureLimit(status && LIVE_STATUSES.has(status.status) ? status : null, feature);
}

/** The plan context, fed by the server for the signed-in user (the routes that need it wrap themselves in it). */
export function PlanProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery(planStatusQuery(user?.id ?? null));
  const [planDialog, setPlanDialog] = useState<{ open: boolean; intent: PlanDialogIntent }>({ open: false, intent: 'plans' });

  const status = user ? (query.data?.status ?? null) : null;
  const remaining = query.data?.remaining;
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: planKeys.all });
  }, [queryClient]);
  const openPlanDialog = useCallback((intent: PlanDialogIntent = 'plans') => setPlanDialog({ open: true, intent }), []);
  const closePlanDialog = useCallback(() => setPlanDialog((d) => ({ ...d, open: false })), []);

  const value = useMemo<PlanContextValue>(() => {
    const getLimit = (f: string) => featureLimit(status, f);
    return {
      isLoading: Boolean(user) && query.isPending,
      status,
      currentPlan: status && LIVE_STATUSES.has(status.status) ? status.plan_id : null,
      trialDaysRemaining: status?.trial_days_remaining ?? null,
      hasFeature: (f) => {
        const l = getLimit(f);
        return l === null || l > 0;
      },
      getLimit,
      getRemainingUsage: (f) => {
        const l = getLimit(f);
        if (l === 0) return 0;
        return remaining && f in remaining ? (remaining[f] ?? null) : l;
      },
      getUpgradeMessage: () => UPGRADE_MESSAGE,
      refresh,
      planDialog,
      openPlanDialog,
      closePlanDialog,
    };
  }, [status, remaining, user, query.isPending, refresh, planDialog, openPlanDialog, closePlanDialog]);

  return <PlanContext.Provider value={value}>{children}</PlanContext.Provider>;
}
