import { useState, type FormEvent } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { authMessages } from '@/lib/messages/auth';
import { validateEmail } from '@/lib/security-input';

/** Forgot password on the sign-in card: custom-password-reset mails a link to /reset-password (docs/product.md#password-reset messages). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { resetPassword } = useAuth();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validateEmail(email);
    if (!checked.valid) return setResult({ ok: false, message: checked.error });
    if (!clientRateLimiter.attempt(`reset:${checked.value}`, 3, 10 * 60_000))
      return setResult({ ok: false, message: authMessages.auth.tooManyAttempts });
    setSending(true);
    setResult(await resetPassword(checked.value));
    setSending(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <h3 className="text-base font-semibold">Reset your password</h3>
        <p className="text-sm text-muted-foreground">Enter your email and we will send you a link to choose a new password.</p>
      </div>
      {result && <Alert variant={result.ok ? 'success' : 'destructive'}>{result.message}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="reset-email">Email</Label>
        <Input
          id="reset-email"
          type="email"
          autoComplete="email"
          required
          disabled={sending}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" className="sm:flex-1" disabled={sending}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Button type="button" variant="outline" className="sm:flex-1" onClick={onBack} disabled={sending}>
          Back to Sign In
        </Button>
      </div>
    </form>
  );
}
