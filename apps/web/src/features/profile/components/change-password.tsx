import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { supabase } from '@/lib/supabase';
import { Section } from './section';

/** A new password, at least 8 characters as on sign-up. */
export function ChangePassword() {
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.password !== form.confirm) return setError(messages.auth.passwordsDoNotMatch);
    if (form.password.length < 8) return setError(messages.auth.passwordTooShort);
    setBusy(true);
    const { error: updateError } = await supabase().auth.updateUser({ password: form.password });
    setBusy(false);
    if (updateError) return setError(messages.reset.updateFailed(updateError.message));
    setForm({ password: '', confirm: '' });
    toast.success('Password changed');
  }

  return (
    <Section title="Password" description="Choose a new password of at least 8 characters.">
      <form onSubmit={submit} className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="profile-new-password">New password</Label>
            <Input id="profile-new-password" type="password" autoComplete="new-password" required value={form.password} onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))} disabled={busy} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="profile-confirm-password">Confirm new password</Label>
            <Input id="profile-confirm-password" type="password" autoComplete="new-password" required value={form.confirm} onChange={(e) => setForm((f) => ({ ...f, confirm: e.target.value }))} disabled={busy} />
          </div>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? messages.reset.updating : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}
