import { PlanProvider } from '@/app/plan-provider';
import { ConnectAnythingView } from '@/features/connect-anything/components/connect-anything-view';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';

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
