import { lazy, Suspense } from 'react';
import { PlanProvider } from '@/features/plans/plan-provider';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { OnboardingGate } from '@/lib/session/onboarding-status';
import { ProtectedRoute } from '@/lib/session/protected-route';
import { PlanBoard } from '@/features/action-plan/components/plan-board';
import { CoachPanel } from '@/features/coach/components/coach-panel';
import { CoachView } from '@/features/coach/components/coach-view';
import { CrmDueTasks } from '@/features/crm/due-crm-tasks';
import { UsageHistory } from '@/features/coach/components/usage-history';
import { MetricsPanel } from '@/features/metrics/metrics-panel';
import { WeeklyReviewCard } from '@/features/weekly-review/weekly-review-card';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';
import { AttentionPanel } from '@/features/connections/components/attention-panel';
import { connectionsMessages } from '@/lib/messages/connections';
import { CoachRequestIntegration } from './coach-request-integration';

// the CRM (dnd-kit, its forms) loads when its view is opened
const CrmWorkspace = lazy(() => import('@/features/crm/crm-workspace').then((m) => ({ default: m.CrmWorkspace })));
// The Connections view (its form, history and schemas) loads when it is opened.
const ConnectionsView = lazy(() =>
  import('@/features/connections/components/connections-view').then((m) => ({ default: m.ConnectionsView })),
);

/** /dashboard (protected; an unfinished onboarding goes to the wizard first): the desktop business operating system with the plan context and the AI coach. */
export function Component() {
  return (
    <ProtectedRoute>
      <OnboardingGate>
        <PlanProvider>
          <CoachRequestIntegration>
            <DashboardShell
              slots={{
                assistant: <CoachPanel />,
                coach: <CoachView />,
                // the CRM's due follow-ups sit beside the plan's due tasks (issue 43)
                plan: <PlanBoard besideDue={<CrmDueTasks />} />,
                crm: (
                  <Suspense fallback={<Spinner className="size-6 text-primary" label={crmMessages.loading} />}>
                    <CrmWorkspace />
                  </Suspense>
                ),
                metrics: <MetricsPanel />,
                review: <WeeklyReviewCard />,
                usage: <UsageHistory />,
                connections: (
                  <Suspense fallback={<Spinner className="size-6 text-primary" label={connectionsMessages.loading} />}>
                    <ConnectionsView />
                  </Suspense>
                ),
                attention: <AttentionPanel />,
              }}
            />
          </CoachRequestIntegration>
          <PlanDialogSlot />
        </PlanProvider>
      </OnboardingGate>
    </ProtectedRoute>
  );
}
