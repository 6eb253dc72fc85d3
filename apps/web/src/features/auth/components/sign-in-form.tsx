import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { authMessages } from '@/lib/messages/auth';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { validateEmail } from '@/lib/security-input';
import { PasswordInput } from './password-input';

/** Email + password, remember me (30-day session), and the forgot-password switch. */
export function SignInForm({
  onSuccess,
  onForgotPassword,
  onConfirmationSent,
}: {
  onSuccess: () => void;
  onForgotPassword: () => void;
  /** Signing in before confirming: the resend offer mailed a new link; show where it went. */
  onConfirmationSent: (email: string) => void;
}) {
  const { signIn, resendConfirmation } = useAuth();
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setUnconfirmed(null);
    const checked = validateEmail(email);
    if (!checked.valid) return setError(checked.error);
    if (!clientRateLimiter.attempt(`sign-in:${checked.value}`, 5, 60_000)) return setError(authMessages.auth.tooManyAttempts);
    setSubmitting(true);
    const result = await signIn(checked.value, password, { remember });
    setSubmitting(false);
    if (result.code === 'email_not_confirmed') setUnconfirmed(checked.value);
    if (result.error) return setError(result.error);
    // with two-factor authentication the card switches to the code step instead
    if (result.mfaRequired) return;
    toast.success(authMessages.auth.welcomeBack);
    onSuccess();
  }

  async function resend() {
    if (!unconfirmed) return;
    setSubmitting(true);
    const r = await resendConfirmation(unconfirmed);
    setSubmitting(false);
    if (r.error) return setError(r.error);
    onConfirmationSent(unconfirmed);
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate={false}>
      {error && (
        <Alert variant="destructive">
          {error}
          {unconfirmed && (
            <Button type="button" variant="outline" size="sm" className="mt-2 w-full" onClick={() => void resend()} disabled={submitting}>
              {authMessages.auth.notConfirmedOffer}
            </Button>
          )}
        </Alert>
      )}
      <div className="space-y-2">
        <Label htmlFor="signin-email">Email</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          required
          disabled={submitting}
          ref={useTypedBeforeHydration(setEmail)}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@company.com"
        />
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <button
            type="button"
            className="cursor-pointer text-sm font-medium text-brand hover:underline disabled:opacity-50"
            onClick={onForgotPassword}
            disabled={submitting}
          >
            Forgot password?
          </button>
        </div>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          required
          disabled={submitting}
          ref={useTypedBeforeHydration(setPassword)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="signin-remember" checked={remember} onCheckedChange={(v) => setRemember(v === true)} disabled={submitting} />
        <Label htmlFor="signin-remember" className="text-sm font-normal">
          Remember me for 30 days
        </Label>
      </div>
      <Button type="submit" variant="gradient" className="w-full" disabled={submitting}>
        {submitting ? authMessages.auth.signingIn : 'Sign In'}
      </Button>
    </form>
  );
}
