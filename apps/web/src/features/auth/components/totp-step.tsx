import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authMessages } from '@/lib/messages/auth';
import { supabase } from '@/lib/supabase';

/** Second step of sign-in for users with two-factor authentication: the 6-digit code raises the session to aal2. */
export function TotpStep({ onSuccess }: { onSuccess: () => void }) {
  const { signOut } = useAuth();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data, error: listError } = await supabase().auth.mfa.listFactors();
      const factor = data?.totp.find((f) => f.status === 'verified');
      if (listError || !factor) throw listError ?? new Error('No authenticator app is set up for this account');
      const { error: verifyError } = await supabase().auth.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() });
      if (verifyError) throw verifyError;
      toast.success(authMessages.auth.welcomeBack);
      onSuccess();
    } catch (err) {
      setError(err instanceof Error ? err.message : authMessages.auth.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <h3 className="text-base font-semibold">Two-factor authentication</h3>
        <p className="text-sm text-muted-foreground">Enter the 6-digit code from your authenticator app.</p>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="space-y-2">
        <Label htmlFor="totp-code">Authentication code</Label>
        <Input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          disabled={busy}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <Button type="submit" variant="gradient" className="w-full" disabled={busy || code.length !== 6}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="w-full"
        onClick={() => void signOut({ redirectTo: window.location.pathname })}
        disabled={busy}
      >
        Use a different account
      </Button>
    </form>
  );
}
