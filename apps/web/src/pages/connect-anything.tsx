import { PlanProvider } from '@/features/plans/plan-provider';
import { IntegrationAssistant } from '@/features/coach/components/integration-assistant';
import { ConnectAnythingView } from '@/features/connect-anything/components/connect-anything-view';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';
import { CoachRequestIntegration } from './coach-request-integration';

/** /connect-anything (Test & Compare): public to browse; requests, the planner and the assistant need an account. */
export function Component() {
  return (
    <PlanProvider>
      <CoachRequestIntegration>
        <main className="flex-1">
          <ConnectAnythingView assistant={<IntegrationAssistant />} />
        </main>
      </CoachRequestIntegration>
      <PlanDialogSlot />
    </PlanProvider>
  );
}
