import type { Factor } from '@supabase/supabase-js';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { supabase } from '@/lib/supabase';
import { Section } from './section';

type Enrolment = { factorId: string; qr: string; secret: string };

/** auth-js prefixes the server's SVG with a data: scheme but does not encode it; encode it so '#' and '%' survive. */
function qrSource(qr: string): string {
  const svg = qr.replace(/^data:image\/svg\+xml;[^,]*,/, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** TOTP two-factor authentication: enrol with a QR code and a first code, or remove it. */
export function TwoFactor() {
  const [factors, setFactors] = useState<Factor[]>([]);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const { data, error: listError } = await supabase().auth.mfa.listFactors();
    if (listError) return setError(listError.message);
    setFactors(data.all);
  }, []);
  useEffect(() => {
    supabase()
      .auth.mfa.listFactors()
      .then(({ data }) => data && setFactors(data.all));
  }, []);

  const verified = factors.filter((f) => f.factor_type === 'totp' && f.status === 'verified');

  async function start() {
    setBusy(true);
    setError(null);
    try {
      // an abandoned, never-verified enrolment would block a new one
      for (const f of factors.filter((x) => x.status !== 'verified')) await supabase().auth.mfa.unenroll({ factorId: f.id });
      const { data, error: enrollError } = await supabase().auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: `Authenticator ${new Date().toISOString().slice(0, 10)}`,
      });
      if (enrollError) throw enrollError;
      setEnrolment({ factorId: data.id, qr: qrSource(data.totp.qr_code), secret: data.totp.secret });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!enrolment) return;
    setBusy(true);
    setError(null);
    const { error: verifyError } = await supabase().auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code: code.trim() });
    setBusy(false);
    if (verifyError) return setError(verifyError.message);
    setEnrolment(null);
    setCode('');
    toast.success('Two-factor authentication is on');
    await refresh();
  }

  async function remove(factorId: string) {
    setBusy(true);
    setError(null);
    const { error: removeError } = await supabase().auth.mfa.unenroll({ factorId });
    setBusy(false);
    if (removeError) return setError(removeError.message);
    toast.success('Two-factor authentication is off');
    await refresh();
  }

  return (
    <Section title="Two-factor authentication" description="Protect your account with a code from an authenticator app.">
      <div className="space-y-4">
        {error && <Alert variant="destructive">{error}</Alert>}
        {verified.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="inline-flex items-center gap-2 text-sm">
              <ShieldCheck className="size-5 text-emerald-400" aria-hidden="true" /> Authenticator app <Badge>Enabled</Badge>
            </p>
            <Button variant="destructive" size="sm" disabled={busy} onClick={() => void remove(verified[0]!.id)}>
              Disable two-factor
            </Button>
          </div>
        ) : enrolment ? (
          <form onSubmit={confirm} className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            <img src={enrolment.qr} alt="QR code to scan with your authenticator app" className="size-44 rounded-md bg-white p-2" />
            <div className="space-y-3">
              <p className="text-sm text-muted-foreground">Scan the QR code with your authenticator app, or enter this key:</p>
              <code className="block break-all rounded bg-secondary px-2 py-1 text-sm" data-testid="totp-secret">
                {enrolment.secret}
              </code>
              <div className="space-y-2">
                <Label htmlFor="enrol-code">6-digit code</Label>
                <Input
                  id="enrol-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  disabled={busy}
                />
              </div>
              <div className="flex gap-2">
                <Button type="submit" disabled={busy || code.length !== 6}>
                  Verify and enable
                </Button>
                <Button type="button" variant="ghost" disabled={busy} onClick={() => setEnrolment(null)}>
                  Cancel
                </Button>
              </div>
            </div>
          </form>
        ) : (
          <Button onClick={() => void start()} disabled={busy}>
            Set up two-factor authentication
          </Button>
        )}
      </div>
    </Section>
  );
}
