import { lazy } from 'react';
import { withQueryClient } from '@/lib/data/with-query-client';
import { PlanProvider } from '@/features/plans/plan-provider';
import { ConnectAnythingView } from '@/features/connect-anything/components/connect-anything-view';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';
import { CoachRequestIntegration } from './coach-request-integration';

// The assistant's tab (the coach and its styles) loads when it is opened, not with the catalogue (issue 15).
const IntegrationAssistant = lazy(
  withQueryClient(() => import('@/features/coach/components/integration-assistant').then((m) => m.IntegrationAssistant)),
);

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
