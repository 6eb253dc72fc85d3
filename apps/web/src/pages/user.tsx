import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/session/auth-context';
import { ProtectedRoute } from '@/lib/session/protected-route';
import { Button } from '@/components/ui/button';
import { HealthFieldsSection } from '@/features/dashboard/components/health-fields-section';
import { OnboardingWizard } from '@/features/onboarding/components/onboarding-wizard';
import { AccountDetails } from '@/features/profile/components/account-details';
import { ChangePassword } from '@/features/profile/components/change-password';
import { DeleteAccount } from '@/features/profile/components/delete-account';
import { DownloadData } from '@/features/profile/components/download-data';
import { Passkeys } from '@/features/profile/components/passkeys';
import { Section } from '@/features/profile/components/section';
import { EmailSetting } from '@/features/profile/components/email-setting';
import { TimeZoneSetting } from '@/features/profile/components/time-zone-setting';
import { SessionsAndTimeout } from '@/features/profile/components/sessions-and-timeout';
import { TwoFactor } from '@/features/profile/components/two-factor';
import { VoiceAssistant } from '@/features/voice/voice-assistant';
import { paths } from '@/lib/paths';

// White on the default red (#ef4444) is under 4.5:1: this page's destructive buttons use one shade darker.
const AA_BUTTONS = { '--color-destructive': '#dc2626' } as React.CSSProperties;

function Profile() {
  const { user, signOut } = useAuth();
  const [editing, setEditing] = useState(false);
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12" style={AA_BUTTONS}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your profile</h1>
          <p className="text-muted-foreground">{user?.email}</p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to={paths.dashboard}>Dashboard</Link>
          </Button>
          <Button variant="secondary" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" /> Sign Out
          </Button>
        </div>
      </div>
      <AccountDetails />
      <Section title="Business profile" description="The answers you gave during onboarding.">
        {editing ? (
          <OnboardingWizard voiceLayer={VoiceAssistant} startAt={1} onCompleted={() => setEditing(false)} />
        ) : (
          <>
            <Button onClick={() => setEditing(true)}>Edit onboarding answers</Button>
            <HealthFieldsSection />
          </>
        )}
      </Section>
      <ChangePassword />
      <TwoFactor />
      <Passkeys />
      <SessionsAndTimeout />
      <EmailSetting column="plan_reminders" />
      <EmailSetting column="weekly_review" />
      <TimeZoneSetting />
      <DownloadData />
      <DeleteAccount />
    </main>
  );
}

/** /user: the signed-in user's account, security and business profile. */
export function Component() {
  return (
    <ProtectedRoute>
      <Profile />
    </ProtectedRoute>
  );
}
