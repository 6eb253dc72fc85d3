import { Sparkles } from 'lucide-react';
import { lazy, useState } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthForms } from './auth-forms';
import { LaterStep } from './later-step';

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
  forms,
  onSignInSuccess,
  onSignUpSuccess,
}: {
  defaultTab?: AuthTab;
  /** ./sign-in-first or ./sign-up-first, as defaultTab. */
  forms: AuthForms;
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
  const loadLater = () => {
    loadLaterSteps();
    forms.preload();
  };
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
            <TabsTrigger value="signin" onPointerEnter={forms.preload}>
              Sign In
            </TabsTrigger>
          </>
        ) : (
          <>
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup" onPointerEnter={forms.preload}>
              Sign Up
            </TabsTrigger>
          </>
        )}
      </TabsList>
      <TabsContent value="signin">
        <forms.SignIn onSuccess={onSignInSuccess} onForgotPassword={() => setForgot(true)} onConfirmationSent={confirmationSent} />
      </TabsContent>
      <TabsContent value="signup">
        <forms.SignUp onSuccess={onSignUpSuccess} onConfirmationSent={confirmationSent} />
      </TabsContent>
    </Tabs>
  );
  return (
    <Card className="w-full max-w-md border-border/80 shadow-xl" onPointerDownCapture={loadLater} onFocusCapture={loadLater}>
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
