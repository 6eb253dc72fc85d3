import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { AccountPreview } from '@/features/landing/components/account-preview';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { homeFor, useOnboardingStatus } from '@/lib/session/onboarding-rule';
import { VoiceAssistant } from '@/features/voice/voice-assistant';
import { paths } from '@/lib/paths';

/** /sign-up: the card (Sign Up first); once signed up — or signed in with onboarding unfinished — the wizard. */
export function Component() {
  const { isSignedIn, signOut } = useAuth();
  const onboarding = useOnboardingStatus();
  const navigate = useNavigate();
  const [justSignedUp, setJustSignedUp] = useState(false);

  useEffect(() => {
    if (isSignedIn && !justSignedUp && onboarding === 'done') navigate(homeFor(onboarding), { replace: true });
  }, [isSignedIn, justSignedUp, onboarding, navigate]);

  // No spinner while the session loads: the prerendered form shows at once, a signed-in visitor moves on (decision 0046).
  if (isSignedIn && (justSignedUp || onboarding === 'pending')) {
    return (
      <AuthPageShell wide>
        <OnboardingWizard
          voiceLayer={VoiceAssistant}
          onCompleted={() => navigate(paths.dashboard)}
          onBackToLogin={() => void signOut({ redirectTo: paths.signIn })}
        />
      </AuthPageShell>
    );
  }
  if (isSignedIn) return <FullScreenSpinner />;
  return (
    <AuthPageShell aside={<AccountPreview />}>
      <AuthCard defaultTab="signup" onSignInSuccess={() => {}} onSignUpSuccess={() => setJustSignedUp(true)} />
    </AuthPageShell>
  );
}
