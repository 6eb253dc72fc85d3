import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

// The card's later steps are never on screen when the page hydrates: they load on the visitor's first pointer or
// focus in the card, before any answer that shows them can arrive (issue 15, decision 0092).
const later = {
  inbox: () => import('./check-inbox').then((m) => ({ default: m.CheckInbox })),
  totp: () => import('./totp-step').then((m) => ({ default: m.TotpStep })),
  forgot: () => import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
};
const CheckInbox = lazy(later.inbox);
const TotpStep = lazy(later.totp);
const ForgotPasswordForm = lazy(later.forgot);
const loadLaterSteps = () => Object.values(later).forEach((load) => void load());

export type AuthTab = 'signin' | 'signup';

/** docs/product.md#sign-in: one card, tabs Sign In / Sign Up; the title follows the tab. */
export function AuthCard({
  defaultTab = 'signin',
  onSignInSuccess,
  onSignUpSuccess,
}: {
  defaultTab?: AuthTab;
  onSignInSuccess: () => void;
  onSignUpSuccess: () => void;
}) {
  const [tab, setTab] = useState<AuthTab>(defaultTab);
  const [forgot, setForgot] = useState(false);
  // the address a confirmation link was just mailed to (sign-up, or the resend offer on sign-in)
  const [inbox, setInbox] = useState<{ email: string; at: number } | null>(null);
  const confirmationSent = (email: string) => setInbox({ email, at: Date.now() });
  const { mfaPending } = useAuth();
  const signUp = tab === 'signup' && !mfaPending;
  const step = inbox ? (
    <LaterStep>
      <CheckInbox
        email={inbox.email}
        sentAt={inbox.at}
        onWrongAddress={() => {
          setInbox(null);
          setTab('signup');
        }}
      />
    </LaterStep>
  ) : mfaPending ? (
    <LaterStep>
      <TotpStep onSuccess={onSignInSuccess} />
    </LaterStep>
  ) : forgot && !signUp ? (
    <LaterStep>
      <ForgotPasswordForm onBack={() => setForgot(false)} />
    </LaterStep>
  ) : (
    <Tabs value={tab} onValueChange={(v) => setTab(v as AuthTab)}>
      <TabsList className="grid w-full grid-cols-2">
        {defaultTab === 'signup' ? (
          <>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
            <TabsTrigger value="signin">Sign In</TabsTrigger>
          </>
        ) : (
          <>
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </>
        )}
      </TabsList>
      <TabsContent value="signin">
        <SignInForm onSuccess={onSignInSuccess} onForgotPassword={() => setForgot(true)} onConfirmationSent={confirmationSent} />
        <PasskeySignIn onSuccess={onSignInSuccess} />
      </TabsContent>
      <TabsContent value="signup">
        <SignUpForm onSuccess={onSignUpSuccess} onConfirmationSent={confirmationSent} />
      </TabsContent>
    </Tabs>
  );
  return (
    <Card className="w-full max-w-md border-border/80 shadow-xl" onPointerDownCapture={loadLaterSteps} onFocusCapture={loadLaterSteps}>
      {!inbox && (
        <CardHeader className="items-center text-center">
          <span
            className="mb-1 inline-flex size-11 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-cyan-500 text-white"
            aria-hidden="true"
          >
            <Sparkles className="size-5" />
          </span>
          {/* The card's title is the page's <h1>: the sign-in and sign-up pages have no other heading above it. */}
          <h1 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl" id="auth-card-title">
            {signUp ? 'Get started with your AI voice assistant' : 'Welcome back'}
          </h1>
          <CardDescription>
            {signUp
              ? 'After signing up you will meet our AI assistant, who sets up your marketing dashboard in a few minutes.'
              : 'Sign in to your account to continue.'}
          </CardDescription>
        </CardHeader>
      )}
      <CardContent className={inbox ? 'pt-6' : undefined}>{step}</CardContent>
    </Card>
  );
}

/** Only the later steps suspend: the tabs the page hydrates sit outside any Suspense boundary (decision 0060). */
function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner className="size-6 text-primary" label="Loading" />}>{children}</Suspense>;
}
