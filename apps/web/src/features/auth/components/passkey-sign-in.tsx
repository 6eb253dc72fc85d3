import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describePasskeyError, passkeysSupported } from '@/lib/passkey-errors';
import { authMessages } from '@/lib/messages/auth';
import { loadSupabase, requestSessionLayer } from '@/lib/supabase';

/**
 * "Sign in with a passkey" (issue 14): supabase-js runs the WebAuthn ceremony against /auth/v1/passkeys; the
 * SIGNED_IN event updates the auth provider, and `onSuccess` is the same navigation the password form uses.
 */
export function PasskeySignIn({ onSuccess }: { onSuccess: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setError(null);
    if (!passkeysSupported()) return setError(authMessages.passkeys.notSupported);
    setBusy(true);
    requestSessionLayer(); // the auth provider must be there to hear this sign-in (issue 15's lazy session layer)
    try {
      const [client, { recordPasskeySession }] = await Promise.all([loadSupabase(), import('@/features/auth/api/passkey-session')]);
      const { data, error: failed } = await client.auth.signInWithPasskey();
      if (failed || !data?.session) return setError(describePasskeyError(failed, 'sign-in'));
      await recordPasskeySession(client, data.session.user.id);
      // a passkey session is aal1: with a verified TOTP factor the card switches to the code step, which welcomes
      if (data.session.user.factors?.some((f) => f.status === 'verified')) return;
      toast.success(authMessages.auth.welcomeBack);
      onSuccess();
    } catch (err) {
      setError(describePasskeyError(err, 'sign-in'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void signIn()}>
        <KeyRound aria-hidden="true" /> {busy ? authMessages.passkeys.signingIn : authMessages.passkeys.signIn}
      </Button>
    </div>
  );
}
