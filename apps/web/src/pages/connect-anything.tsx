import { lazy, Suspense } from 'react';
import { PlanProvider, usePlan } from '@/app/plan-provider';
import { ConnectAnythingView } from '@/features/connect-anything/components/connect-anything-view';

// The plan dialog only loads when someone opens it.
const PlanDialog = lazy(() => import('@/features/plans/components/plan-dialog').then((m) => ({ default: m.PlanDialog })));

function PlanDialogSlot() {
  const { planDialog } = usePlan();
  return planDialog.open ? (
    <Suspense fallback={null}>
      <PlanDialog />
    </Suspense>
  ) : null;
}

/** /connect-anything (Test & Compare): public to browse; requests need an account and, for the planner, a plan. */
export function Component() {
  return (
    <PlanProvider>
      <main className="flex-1">
        <ConnectAnythingView />
      </main>
      <PlanDialogSlot />
    </PlanProvider>
  );
}
