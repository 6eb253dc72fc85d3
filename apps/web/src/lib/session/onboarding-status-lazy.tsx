import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAuth } from './auth-context';
import type { OnboardingStatus } from './onboarding-rule';
import type { OnboardingStatusReport } from './onboarding-status-probe';

const Probe = lazy(() => import('./onboarding-status-probe'));

/**
 * useOnboardingStatus for the sign-in and sign-up pages, whose first visit is a signed-out one: TanStack Query and the
 * profile read load only once someone has signed in (issue 15). Returns the status and an element to render (it
 * shows nothing). A report for another user than the current one counts as not known yet.
 */
export function useOnboardingStatusLazily(): [OnboardingStatus, ReactNode] {
  const { user } = useAuth();
  const [report, setReport] = useState<OnboardingStatusReport | null>(null);
  if (!user) return ['unknown', null];
  const probe = (
    <Suspense fallback={null}>
      <Probe key={user.id} userId={user.id} onStatus={setReport} />
    </Suspense>
  );
  return [report?.userId === user.id ? report.status : 'unknown', probe];
}
