import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authErrorMessage } from '@/lib/messages/auth-error-text';
import { messages } from '@/lib/messages';
import { supabase } from '@/lib/supabase';
import { Section } from './section';

const t = messages.passwordChange;

/**
 * A new password, at least 8 characters as on sign-up, proven by the current password or by Supabase's
 * reauthentication code (issue 14 item 4). The server checks either; it also signs other devices out.
 */
export function ChangePassword() {
  const { user } = useAuth();
  const [form, setForm] = useState({ current: '', code: '', password: '', confirm: '' });
  const [proof, setProof] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function sendCode() {
    setError(null);
    setBusy(true);
    const { error: sendError } = await supabase().auth.reauthenticate();
    setBusy(false);
    if (sendError) return setError(authErrorMessage(sendError));
    setProof('code');
    setCodeSent(true);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.password !== form.confirm) return setError(messages.auth.passwordsDoNotMatch);
    if (form.password.length < 8) return setError(messages.auth.passwordTooShort);
    if (proof === 'password' ? !form.current : !form.code.trim()) return setError(t.currentRequired);
    setBusy(true);
    const attrs =
      proof === 'password'
        ? { password: form.password, current_password: form.current }
        : { password: form.password, nonce: form.code.trim() };
    const { error: updateError } = await supabase().auth.updateUser(attrs);
    setBusy(false);
    if (updateError) return setError(messages.reset.updateFailed(authErrorMessage(updateError)));
    setForm({ current: '', code: '', password: '', confirm: '' });
    setProof('password');
    setCodeSent(false);
    toast.success(t.changed);
  }

  return (
    <Section id="password" title={t.title} description={t.description}>
      <form onSubmit={submit} className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        {proof === 'password' ? (
          <div className="space-y-2 sm:max-w-[calc(50%-0.5rem)]">
            <Label htmlFor="profile-current-password">{t.current}</Label>
            <Input
              id="profile-current-password"
              type="password"
              autoComplete="current-password"
              value={form.current}
              onChange={set('current')}
              disabled={busy}
            />
            <button
              type="button"
              className="cursor-pointer text-sm font-medium text-violet-300 hover:underline"
              onClick={() => void sendCode()}
              disabled={busy}
            >
              {t.useCode}
            </button>
          </div>
        ) : (
          <div className="space-y-2 sm:max-w-[calc(50%-0.5rem)]">
            {codeSent && user?.email && <p className="text-sm text-muted-foreground">{t.codeSent(user.email)}</p>}
            <Label htmlFor="profile-reauth-code">{t.code}</Label>
            <Input
              id="profile-reauth-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={form.code}
              onChange={set('code')}
              disabled={busy}
            />
            <button
              type="button"
              className="cursor-pointer text-sm font-medium text-violet-300 hover:underline"
              onClick={() => setProof('password')}
              disabled={busy}
            >
              {t.usePassword}
            </button>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="profile-new-password">New password</Label>
            <Input
              id="profile-new-password"
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={set('password')}
              disabled={busy}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="profile-confirm-password">Confirm new password</Label>
            <Input
              id="profile-confirm-password"
              type="password"
              autoComplete="new-password"
              required
              value={form.confirm}
              onChange={set('confirm')}
              disabled={busy}
            />
          </div>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? messages.reset.updating : t.submit}
        </Button>
      </form>
    </Section>
  );
}
