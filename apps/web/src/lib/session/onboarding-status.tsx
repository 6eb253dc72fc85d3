import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { businessProfileQuery } from '@/lib/data/business-profiles';
import { useAuth } from './auth-context';
import { homeFor, mustFinishOnboarding, type OnboardingStatus } from './onboarding-rule';

/**
 * The rule applied to the signed-in user, read fresh from the server on mount (a cached "unfinished" must not bounce
 * a user who has just completed the wizard). An unreadable profile counts as done: never trap a user in the wizard.
 */
export function useOnboardingStatus(): OnboardingStatus {
  const { user } = useAuth();
  const q = useQuery({ ...businessProfileQuery(user?.id), refetchOnMount: 'always' });
  if (!user) return 'unknown';
  if (q.isError) return 'done';
  if (!q.isFetchedAfterMount || q.data === undefined) return 'unknown';
  return mustFinishOnboarding(q.data) ? 'pending' : 'done';
}

/** /dashboard behind the rule: an unfinished user is sent to the wizard, whichever link brought them here. */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const status = useOnboardingStatus();
  if (status === 'unknown') return <FullScreenSpinner />;
  if (status === 'pending') return <Navigate to={homeFor(status)} replace />;
  return <>{children}</>;
}
