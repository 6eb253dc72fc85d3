import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { ProtectedRoute } from '@/lib/session/protected-route';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/features/auth/components/password-input';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { validateSignUp } from '@/features/auth/validation';
import { authErrorMessage } from '@/lib/messages/auth-error-text';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { supabase } from '@/lib/supabase';

/**
 * /auth/set-password: an invitee arrives signed in by the invitation link, with no password yet (issue 14 item 2).
 * The link's session may set one without the current password (the server allows that for an hour); then onboarding.
 */
function SetPassword() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const problem = validateSignUp(form);
    if (problem) return setError(problem);
    setBusy(true);
    const { error: updateError } = await supabase().auth.updateUser({ password: form.password });
    setBusy(false);
    if (updateError) return setError(authErrorMessage(updateError));
    toast.success(messages.auth.passwordSet);
    // /sign-up applies the one onboarding rule
    navigate(paths.signUp, { replace: true });
  }

  return (
    <AuthPageShell>
      <Card className="w-full max-w-md border-border/80 shadow-xl">
        <CardHeader className="text-center">
          <CardTitle className="text-xl sm:text-2xl">{messages.auth.setPasswordTitle}</CardTitle>
          <CardDescription>{messages.auth.setPasswordText(user?.email ?? '')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-4">
            {error && <Alert variant="destructive">{error}</Alert>}
            <div className="space-y-2">
              <Label htmlFor="set-password">Password</Label>
              <PasswordInput
                id="set-password"
                autoComplete="new-password"
                required
                disabled={busy}
                value={form.password}
                onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
              />
              <p className="text-xs text-muted-foreground">At least 8 characters.</p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="set-password-confirm">Confirm password</Label>
              <PasswordInput
                id="set-password-confirm"
                autoComplete="new-password"
                required
                disabled={busy}
                value={form.confirmPassword}
                onChange={(e) => setForm((f) => ({ ...f, confirmPassword: e.target.value }))}
              />
            </div>
            <Button type="submit" variant="gradient" className="w-full" disabled={busy}>
              {busy ? messages.reset.updating : messages.auth.setPasswordSubmit}
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthPageShell>
  );
}

export function Component() {
  return (
    <ProtectedRoute>
      <SetPassword />
    </ProtectedRoute>
  );
}
