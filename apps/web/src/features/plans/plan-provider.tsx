import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { featureLimit as planFeatureLimit, LIVE_PLAN_STATUSES, UPGRADE_MESSAGE } from '@app/shared';
import { withQueryClient } from '@/lib/data/with-query-client';
import { PlanContext, type PlanContextValue, type PlanDialogIntent, type PlanStatus } from '@/lib/plan/plan-context';
import { useAuth } from '@/lib/session/auth-context';
import type { PlanRead } from './plan-status-probe';

// The plan is read (TanStack Query and its client) only once someone is signed in: beside the page, never around it.
const PlanStatusProbe = lazy(withQueryClient(() => import('./plan-status-probe').then((m) => m.PlanStatusProbe)));
const nothingToRefresh = async () => {};

const LIVE_STATUSES = new Set(LIVE_PLAN_STATUSES);

/** The shared rule (@app/shared featureLimit, which public.feature_limit() is tested against), for a live plan only. */
export function featureLimit(status: PlanStatus | null, feature: string): number | null {
  return planFeatureLimit(status && LIVE_STATUSES.has(status.status) ? status : null, feature);
}

/** The plan context, fed by the server for the signed-in user (the routes that need it wrap themselves in it). */
export function PlanProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [read, setRead] = useState<PlanRead | null>(null);
  const [planDialog, setPlanDialog] = useState<{ open: boolean; intent: PlanDialogIntent }>({ open: false, intent: 'plans' });

  const mine = user && read?.userId === user.id ? read : null; // never another user's plan
  const status = mine?.snapshot?.status ?? null;
  const remaining = mine?.snapshot?.remaining;
  const isLoading = Boolean(user) && (!mine || mine.isPending);
  const refresh = mine?.refresh ?? nothingToRefresh;
  const openPlanDialog = useCallback((intent: PlanDialogIntent = 'plans') => setPlanDialog({ open: true, intent }), []);
  const closePlanDialog = useCallback(() => setPlanDialog((d) => ({ ...d, open: false })), []);

  const value = useMemo<PlanContextValue>(() => {
    const getLimit = (f: string) => featureLimit(status, f);
    return {
      isLoading,
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
  }, [status, remaining, isLoading, refresh, planDialog, openPlanDialog, closePlanDialog]);

  return (
    <PlanContext.Provider value={value}>
      {children}
      {user && (
        <Suspense fallback={null}>
          <PlanStatusProbe userId={user.id} onRead={setRead} />
        </Suspense>
      )}
    </PlanContext.Provider>
  );
}
