import { PlanProvider } from '@/features/plans/plan-provider';
import { OnboardingGate } from '@/lib/session/onboarding-status';
import { ProtectedRoute } from '@/lib/session/protected-route';
import { PlanBoard } from '@/features/action-plan/components/plan-board';
import { CoachPanel } from '@/features/coach/components/coach-panel';
import { CoachView } from '@/features/coach/components/coach-view';
import { UsageHistory } from '@/features/coach/components/usage-history';
import { MetricsPanel } from '@/features/metrics/metrics-panel';
import { WeeklyReviewCard } from '@/features/weekly-review/weekly-review-card';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { PlanDialogSlot } from '@/features/plans/components/plan-dialog-slot';
import { CoachRequestIntegration } from './coach-request-integration';

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
                plan: <PlanBoard />,
                metrics: <MetricsPanel />,
                review: <WeeklyReviewCard />,
                usage: <UsageHistory />,
              }}
            />
          </CoachRequestIntegration>
          <PlanDialogSlot />
        </PlanProvider>
      </OnboardingGate>
    </ProtectedRoute>
  );
}
