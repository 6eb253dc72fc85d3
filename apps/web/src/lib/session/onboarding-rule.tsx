import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { businessProfileQuery } from '@/lib/data/business-profiles';
import { paths } from '@/lib/paths';
import { useAuth } from './auth-context';

export type OnboardingStatus = 'unknown' | 'pending' | 'done';

/**
 * The one onboarding rule (docs/product.md#onboarding, issue 14 item 5): a signed-in user must finish onboarding
 * until their business profile says it is completed (no row yet counts as unfinished).
 */
export function mustFinishOnboarding(profile: { onboarding_completed: boolean | null } | null): boolean {
  return !profile?.onboarding_completed;
}

/** Where a signed-in user goes for "the app": the wizard (on /sign-up) while onboarding is unfinished, else /dashboard. */
export function homeFor(status: OnboardingStatus): string {
  return status === 'pending' ? paths.signUp : paths.dashboard;
}

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
