import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { signUpFirst } from '@/features/auth/components/sign-up-first';
import { AccountPreview } from '@/features/landing/components/account-preview';
import type { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { homeFor } from '@/lib/session/onboarding-rule';
import { useOnboardingStatusLazily } from '@/lib/session/onboarding-status-lazy';
import { paths } from '@/lib/paths';

type WizardProps = ComponentProps<typeof OnboardingWizard>;

// The wizard and its voice layer are shown only after signing up: a first visit to the form does not load them, nor
// the query client the wizard reads and writes through (issue 15, decisions 0060 and 0089).
const Onboarding = lazy(async () => {
  const [{ OnboardingWizard }, { VoiceAssistant }, { QueryProvider }] = await Promise.all([
    import('@/features/onboarding/components/onboarding-wizard'),
    import('@/features/voice/voice-assistant'),
    import('@/lib/data/query-client'),
  ]);
  return {
    default: (props: Omit<WizardProps, 'voiceLayer'>) => (
      <QueryProvider>
        <OnboardingWizard voiceLayer={VoiceAssistant} {...props} />
      </QueryProvider>
    ),
  };
});

/** /sign-up: the card (Sign Up first); once signed up — or signed in with onboarding unfinished — the wizard. */
export function Component() {
  const { isSignedIn, signOut } = useAuth();
  const [onboarding, onboardingProbe] = useOnboardingStatusLazily();
  const navigate = useNavigate();
  const [justSignedUp, setJustSignedUp] = useState(false);

  useEffect(() => {
    if (isSignedIn && !justSignedUp && onboarding === 'done') navigate(homeFor(onboarding), { replace: true });
  }, [isSignedIn, justSignedUp, onboarding, navigate]);

  // No spinner while the session loads: the prerendered form shows at once, a signed-in visitor moves on (decision 0046).
  let content;
  if (isSignedIn && (justSignedUp || onboarding === 'pending'))
    content = (
      <AuthPageShell wide>
        <Suspense fallback={<FullScreenSpinner />}>
          <Onboarding onCompleted={() => navigate(paths.dashboard)} onBackToLogin={() => void signOut({ redirectTo: paths.signIn })} />
        </Suspense>
      </AuthPageShell>
    );
  else if (isSignedIn) content = <FullScreenSpinner />;
  else
    content = (
      <AuthPageShell aside={<AccountPreview />}>
        <AuthCard defaultTab="signup" forms={signUpFirst} onSignInSuccess={() => {}} onSignUpSuccess={() => setJustSignedUp(true)} />
      </AuthPageShell>
    );
  // The probe first and always in the same place: moving it would remount it and read the status again.
  return (
    <>
      {onboardingProbe}
      {content}
    </>
  );
}
