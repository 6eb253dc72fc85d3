import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import type { SignInRedirectState } from '@/lib/session/protected-route';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { signInFirst } from '@/features/auth/components/sign-in-first';
import { AccountPreview } from '@/features/landing/components/account-preview';
import { homeFor, isOperator } from '@/lib/session/onboarding-rule';
import { useOnboardingStatusLazily } from '@/lib/session/onboarding-status-lazy';
import { paths } from '@/lib/paths';

/** /sign-in: back to where the visitor was sent from, else the unfinished onboarding (an operator: /admin), else /dashboard. */
export function Component() {
  const { isSignedIn, mfaPending, user } = useAuth();
  const [onboarding, onboardingProbe] = useOnboardingStatusLazily();
  const navigate = useNavigate();
  const from = (useLocation().state as SignInRedirectState | null)?.from;

  useEffect(() => {
    if (!isSignedIn || mfaPending) return;
    if (from) navigate(from, { replace: true });
    else if (onboarding !== 'unknown') navigate(homeFor(onboarding, { operator: isOperator(user) }), { replace: true });
  }, [isSignedIn, mfaPending, from, onboarding, navigate, user]);

  // No spinner while the session loads: the prerendered form shows at once, a signed-in visitor moves on (decision 0046).
  return (
    <AuthPageShell aside={<AccountPreview />}>
      <AuthCard defaultTab="signin" forms={signInFirst} onSignInSuccess={() => {}} onSignUpSuccess={() => navigate(paths.signUp)} />
      {onboardingProbe}
    </AuthPageShell>
  );
}
