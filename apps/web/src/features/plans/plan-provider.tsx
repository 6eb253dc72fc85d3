import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { featureLimit as planFeatureLimit, LIVE_PLAN_STATUSES, UPGRADE_MESSAGE, type LimitedFeature } from '@app/shared';
import { supabase } from '@/lib/supabase';
import { PlanContext, type PlanContextValue, type PlanDialogIntent, type PlanStatus } from '@/lib/plan/plan-context';
import { useAuth } from '@/lib/session/auth-context';

const LIVE_STATUSES = new Set(LIVE_PLAN_STATUSES);
const METERED: readonly LimitedFeature[] = ['connect_anything_custom'];

/** The shared rule (@app/shared featureLimit, which public.feature_limit() is tested against), for a live plan only. */
export function featureLimit(status: PlanStatus | null, feature: string): number | null {
  return planFeatureLimit(status && LIVE_STATUSES.has(status.status) ? status : null, feature);
}

async function loadPlan(): Promise<{ status: PlanStatus | null; remaining: Record<string, number | null> }> {
  const client = supabase();
  const [statusRes, ...usage] = await Promise.all([
    client.rpc('plan_status'),
    ...METERED.map((feature) => client.rpc('remaining_usage', { feature })),
  ]);
  if (statusRes.error) throw new Error(statusRes.error.message);
  const remaining: Record<string, number | null> = {};
  METERED.forEach((f, i) => {
    const r = usage[i]!;
    if (r.error) throw new Error(r.error.message);
    remaining[f] = r.data as number | null;
  });
  return { status: (statusRes.data as PlanStatus | null) ?? null, remaining };
}

/** The plan context, fed by the server for the signed-in user (the routes that need it wrap themselves in it). */
export function PlanProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['plan-status', user?.id ?? null], [user?.id]);
  const query = useQuery({ queryKey, queryFn: loadPlan, enabled: Boolean(user), staleTime: 30_000 });
  const [planDialog, setPlanDialog] = useState<{ open: boolean; intent: PlanDialogIntent }>({ open: false, intent: 'plans' });

  const status = user ? (query.data?.status ?? null) : null;
  const remaining = query.data?.remaining;
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey });
  }, [queryClient, queryKey]);
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
