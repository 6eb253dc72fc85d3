import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authErrorMessage } from '@/lib/messages/auth-error-text';
import { supabase } from '@/lib/supabase';
import { validateEmail } from '@/lib/security-input';
import { messages } from '@/lib/messages';
import { personNameQuery, useSaveNames } from '../api/profile';
import { useEmailChangeLanding } from '../use-email-change-landing';
import { Section } from './section';

/** E-mail (changed through a confirmation mail) and first name / surname (profiles). */
export function AccountDetails() {
  const { user } = useAuth();
  const userId = user?.id;
  const [names, setNames] = useState({ firstName: '', surname: '' });
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);
  useEmailChangeLanding();
  // a confirmed change updates `user`: the field follows it (set during render, as React advises)
  const [shownEmail, setShownEmail] = useState(user?.email);
  if (user?.email !== shownEmail) {
    setShownEmail(user?.email);
    setEmail(user?.email ?? '');
  }

  const saved = useQuery(personNameQuery(userId));
  const saveNames = useSaveNames(userId);
  // The form starts from the saved names, and again whenever they change on the server (set during render, as React advises).
  const [shown, setShown] = useState(saved.data);
  if (saved.data !== shown) {
    setShown(saved.data);
    if (saved.data) setNames(saved.data);
  }

  async function saveProfile(e: FormEvent) {
    e.preventDefault();
    if (!userId) return;
    setBusy(true);
    try {
      await saveNames.mutateAsync({ firstName: names.firstName.trim().slice(0, 100), surname: names.surname.trim().slice(0, 100) });
      toast.success('Profile saved');
    } catch (err) {
      toast.error(`Could not save your profile: ${err instanceof Error ? err.message : 'unknown error'}`);
    } finally {
      setBusy(false);
    }
  }

  async function changeEmail(e: FormEvent) {
    e.preventDefault();
    const checked = validateEmail(email);
    if (!checked.valid) return void toast.error(checked.error);
    if (checked.value === user?.email) return;
    setBusy(true);
    const { error } = await supabase().auth.updateUser(
      { email: checked.value },
      { emailRedirectTo: `${window.location.origin}${window.location.pathname}` },
    );
    setBusy(false);
    if (error) toast.error(authErrorMessage(error));
    else toast.success(messages.emailChange.requested(user?.email ?? '', checked.value));
  }

  return (
    <Section title="Account" description="Your sign-in e-mail and your name.">
      <div className="space-y-6">
        <form onSubmit={changeEmail} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-2">
            <Label htmlFor="profile-email">E-mail</Label>
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={busy}
            />
          </div>
          <Button type="submit" variant="outline" disabled={busy || email === user?.email}>
            Change e-mail
          </Button>
        </form>
        <form onSubmit={saveProfile} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="profile-first-name">First name</Label>
              <Input
                id="profile-first-name"
                autoComplete="given-name"
                maxLength={100}
                value={names.firstName}
                onChange={(e) => setNames((n) => ({ ...n, firstName: e.target.value }))}
                disabled={busy}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="profile-surname">Surname</Label>
              <Input
                id="profile-surname"
                autoComplete="family-name"
                maxLength={100}
                value={names.surname}
                onChange={(e) => setNames((n) => ({ ...n, surname: e.target.value }))}
                disabled={busy}
              />
            </div>
          </div>
          <Button type="submit" disabled={busy}>
            Save profile
          </Button>
        </form>
      </div>
    </Section>
  );
}
