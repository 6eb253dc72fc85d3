import { lazy, Suspense } from 'react';
import { usePlan } from '@/lib/plan/plan-context';

// The dialog's code loads only when someone opens it.
const PlanDialog = lazy(() => import('./plan-dialog').then((m) => ({ default: m.PlanDialog })));

/** Renders 'Your Plan' while the plan context asks for it (usePlan().openPlanDialog). */
export function PlanDialogSlot() {
  const { planDialog } = usePlan();
  return planDialog.open ? (
    <Suspense fallback={null}>
      <PlanDialog />
    </Suspense>
  ) : null;
}
