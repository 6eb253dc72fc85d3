import { lazy, Suspense } from 'react';
import { withQueryClient } from '@/lib/data/with-query-client';
import { usePlan } from '@/lib/plan/plan-context';

// The dialog's code (and TanStack Query, for its request) loads only when someone opens it.
const PlanDialog = lazy(withQueryClient(() => import('./plan-dialog').then((m) => m.PlanDialog)));

/** Renders 'Your Plan' while the plan context asks for it (usePlan().openPlanDialog). */
export function PlanDialogSlot() {
  const { planDialog } = usePlan();
  return planDialog.open ? (
    <Suspense fallback={null}>
      <PlanDialog />
    </Suspense>
  ) : null;
}
