import { PlanProvider } from '@/app/plan-provider';
import { ProtectedRoute } from '@/app/protected-route';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';

/** /dashboard (protected): the desktop business operating system with the plan context. */
export function Component() {
  return (
    <ProtectedRoute>
      <PlanProvider>
        <DashboardShell />
        <PlanDialogSlot />
      </PlanProvider>
    </ProtectedRoute>
  );
}
