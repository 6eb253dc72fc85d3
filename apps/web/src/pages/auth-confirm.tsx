import type { EmailOtpType } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth-provider';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { recordUserSession, setSessionMarkers } from '@/features/auth/api/user-sessions';
import { authErrorMessage } from '@/features/auth/auth-errors';
import { AuthPageShell } from '@/features/auth/components/auth-page-shell';
import { CheckInbox } from '@/features/auth/components/check-inbox';
import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { validateEmail } from '@/lib/security-input';
import { supabase } from '@/lib/supabase';

// the mailed sign-up link's types this page verifies (issue 14 item 1)
const TYPES: readonly EmailOtpType[] = ['signup', 'email'];

/**
 * /auth/confirm?token_hash=…&type=signup: the mailed confirmation link. verifyOtp({ token_hash }) needs no PKCE
 * verifier, so it works in any browser or device; then /sign-up decides (onboarding unfinished → the wizard).
 */
export function Component() {
  const navigate = useNavigate();
  // the link's token and type, read once on arrival
  const [link] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    const tokenHash = q.get('token_hash');
    const type = q.get('type') as EmailOtpType | null;
    return tokenHash && type && TYPES.includes(type) ? { tokenHash, type } : null;
  });
  const [failure, setFailure] = useState<string | null>(link ? null : messages.authErrors.otp_expired);
  const started = useRef(false);

  useEffect(() => {
    // the token never stays in the address bar, history or a Referer
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!link || started.current) return;
    started.current = true;
    void (async () => {
      const client = supabase();
      const { data, error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
      if (error || !data.session || !data.user) return setFailure(authErrorMessage(error));
      setSessionMarkers();
      await recordUserSession(client, data.user.id, false);
      toast.success(messages.auth.confirmed);
      // /sign-up applies the one onboarding rule: the wizard while it is unfinished, else /dashboard
      navigate(paths.signUp, { replace: true });
    })();
  }, [link, navigate]);

  if (!failure) return <FullScreenSpinner label={messages.auth.confirming} />;
  return (
    <AuthPageShell>
      <FreshLink reason={failure} />
    </AuthPageShell>
  );
}

/** A used or expired link: say so, and mail a fresh one to the address the person enters. */
function FreshLink({ reason }: { reason: string }) {
  const { resendConfirmation } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ email: string; at: number } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = validateEmail(email);
    if (!checked.valid) return setError(checked.error);
    setSending(true);
    const r = await resendConfirmation(checked.value);
    setSending(false);
    if (r.error) return setError(r.error);
    setSent({ email: checked.value, at: Date.now() });
  }

  return (
    <Card className="w-full max-w-md border-border/80 shadow-xl">
      {sent ? (
        <CardContent className="pt-6">
          <CheckInbox email={sent.email} sentAt={sent.at} onWrongAddress={() => setSent(null)} />
        </CardContent>
      ) : (
        <>
          <CardHeader className="text-center">
            <CardTitle className="text-xl">{messages.auth.confirmFailedTitle}</CardTitle>
            <CardDescription>{reason}</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} className="space-y-4">
              <p className="text-sm text-muted-foreground">{messages.auth.confirmFailedNote}</p>
              {error && <Alert variant="destructive">{error}</Alert>}
              <div className="space-y-2">
                <Label htmlFor="confirm-email">Email</Label>
                <Input id="confirm-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={sending} />
              </div>
              <Button type="submit" variant="gradient" className="w-full" disabled={sending}>
                {messages.auth.sendFreshLink}
              </Button>
              <Button asChild variant="link" className="w-full">
                <Link to={paths.signIn}>{messages.auth.backToSignIn}</Link>
              </Button>
            </form>
          </CardContent>
        </>
      )}
    </Card>
  );
}
