import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { authErrorMessage } from '../auth-errors';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';
import { resetPasswordMin } from '../validation';
import { PasswordInput } from './password-input';

/** New password + confirmation (the auth server's minimum, ADR 0150); on success, /sign-in after 2 s. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const minLength = resetPasswordMin();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setResult({ ok: false, message: messages.auth.passwordsDoNotMatch });
    setBusy(true);
    try {
      const { error } = await supabase().auth.updateUser({ password });
      if (error) {
        setResult({ ok: false, message: messages.reset.updateFailed(authErrorMessage(error)) });
        return;
      }
      setResult({ ok: true, message: messages.reset.updated });
      // the recovery session ends here: the user signs in again with the new password
      await supabase().auth.signOut({ scope: 'local' });
      setTimeout(() => navigate(paths.signIn), 2000);
    } catch {
      setResult({ ok: false, message: messages.reset.updateException });
    } finally {
      setBusy(false);
    }
  }

  const done = result?.ok === true;
  return (
    <form onSubmit={submit} className="space-y-4">
      {result && <Alert variant={result.ok ? 'success' : 'destructive'}>{result.message}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          required
          minLength={minLength}
          aria-describedby="new-password-hint"
          disabled={busy || done}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="new-password-hint" className="text-xs text-muted-foreground">
          {messages.auth.passwordMinimumHint(minLength)}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-new-password">Confirm new password</Label>
        <PasswordInput
          id="confirm-new-password"
          autoComplete="new-password"
          required
          minLength={minLength}
          disabled={busy || done}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </div>
      <Button type="submit" variant="gradient" className="w-full" disabled={busy || done}>
        {busy ? messages.reset.updating : 'Update Password'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.signIn} className="font-medium text-brand hover:underline">
          Back to Sign In
        </Link>
      </p>
    </form>
  );
}
