import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/session/auth-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { authMessages } from '@/lib/messages/auth';

/** The server sends one auth mail a minute per address (AUTH_EMAIL_MIN_INTERVAL); the button waits as long. */
export const RESEND_COOLDOWN_S = 60;

/** After sign-up with confirmation on (issue 14 item 1): where the link went, Resend, and a way back for a typo. */
export function CheckInbox({ email, onWrongAddress, sentAt }: { email: string; onWrongAddress: () => void; sentAt: number }) {
  const { resendConfirmation } = useAuth();
  const [lastSent, setLastSent] = useState(sentAt);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const wait = Math.max(0, Math.ceil(RESEND_COOLDOWN_S - (now - lastSent) / 1000));

  useEffect(() => {
    if (wait === 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [wait]);

  async function resend() {
    setSending(true);
    setResult(null);
    const r = await resendConfirmation(email);
    setSending(false);
    if (r.error) return setResult({ ok: false, text: r.error });
    setLastSent(Date.now());
    setNow(Date.now());
    setResult({ ok: true, text: authMessages.auth.resent });
  }

  return (
    <section aria-labelledby="check-inbox-title" className="space-y-4 text-center">
      <span
        className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-violet-100 text-violet-700"
        aria-hidden="true"
      >
        <MailCheck className="size-6" />
      </span>
      <h2 id="check-inbox-title" className="text-xl font-semibold">
        {authMessages.auth.checkInboxTitle}
      </h2>
      <p className="text-sm text-muted-foreground">
        {authMessages.auth.checkInboxSentTo} <strong className="break-all text-foreground">{email}</strong>.{' '}
        {authMessages.auth.checkInboxOpenAnywhere}
      </p>
      <p className="text-xs text-muted-foreground">{authMessages.auth.checkInboxHint}</p>
      {result && <Alert variant={result.ok ? 'success' : 'destructive'}>{result.text}</Alert>}
      <Button type="button" variant="outline" className="w-full" onClick={() => void resend()} disabled={sending || wait > 0}>
        {wait > 0 ? authMessages.auth.resendIn(wait) : authMessages.auth.resend}
      </Button>
      <button type="button" className="cursor-pointer text-sm font-medium text-brand hover:underline" onClick={onWrongAddress}>
        {authMessages.auth.wrongAddress}
      </button>
    </section>
  );
}
