import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { clientRateLimiter } from '@/lib/client-rate-limit';
import { authMessages } from '@/lib/messages/auth';
import { runtimeConfig } from '@/lib/runtime-config';
import { validateEmail } from '@/lib/security-input';
import { validateSignUp } from '../validation';
import { PasswordInput } from './password-input';

/**
 * Email, password and confirmation (docs/product.md#sign-in); success hands over to the onboarding wizard, or — with e-mail
 * confirmation on, when there is no session yet — to the check-your-inbox screen.
 */
export function SignUpForm({ onSuccess, onConfirmationSent }: { onSuccess: () => void; onConfirmationSent: (email: string) => void }) {
  const { signUp } = useAuth();
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const problem = validateSignUp(form);
    if (problem) return setError(problem);
    const checked = validateEmail(form.email);
    if (!checked.valid) return setError(checked.error);
    if (!clientRateLimiter.attempt(`sign-up:${checked.value}`, 5, 60_000)) return setError(authMessages.auth.tooManyAttempts);
    setSubmitting(true);
    const result = await signUp(checked.value, form.password);
    setSubmitting(false);
    if (result.error) return setError(result.error);
    if (!result.session) return onConfirmationSent(checked.value);
    toast.success(authMessages.auth.welcomeToast(runtimeConfig().brandName));
    onSuccess();
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          disabled={submitting}
          value={form.email}
          onChange={set('email')}
          placeholder="you@company.com"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-password">Password</Label>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          required
          disabled={submitting}
          value={form.password}
          onChange={set('password')}
          aria-describedby="signup-password-hint"
        />
        <p id="signup-password-hint" className="text-xs text-muted-foreground">
          At least 8 characters.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-confirm">Confirm password</Label>
        <PasswordInput
          id="signup-confirm"
          autoComplete="new-password"
          required
          disabled={submitting}
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
      </div>
      <Button type="submit" variant="gradient" className="w-full" disabled={submitting}>
        {submitting ? authMessages.auth.creatingAccount : 'Create Account'}
      </Button>
    </form>
  );
}
