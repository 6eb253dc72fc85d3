import type { EmailOtpType } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/session/auth-context';
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
import { authMessages } from '@/lib/messages/auth';
import { paths } from '@/lib/paths';
import { validateEmail } from '@/lib/security-input';
import { supabase } from '@/lib/supabase';

// the mailed link types this page verifies (issue 14 items 1 and 2)
const TYPES: readonly EmailOtpType[] = ['signup', 'invite', 'email'];

type Landing =
  | { kind: 'token_hash'; tokenHash: string; type: EmailOtpType }
  | { kind: 'code'; code: string }
  | { kind: 'session'; accessToken: string; refreshToken: string; type: string }
  | { kind: 'failed'; error: string };

/** What the link brought: ?token_hash (this app's links) or GoTrue's #access_token / #error_code redirect. */
function readLanding(): Landing {
  const q = new URLSearchParams(window.location.search);
  const h = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const tokenHash = q.get('token_hash');
  const type = q.get('type') as EmailOtpType | null;
  if (tokenHash && type && TYPES.includes(type)) return { kind: 'token_hash', tokenHash, type };
  const code = q.get('code');
  if (code) return { kind: 'code', code };
  const accessToken = h.get('access_token');
  const refreshToken = h.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'session', accessToken, refreshToken, type: h.get('type') ?? '' };
  return {
    kind: 'failed',
    error: authErrorMessage({ code: h.get('error_code') ?? 'otp_expired', message: h.get('error_description') ?? undefined }),
  };
}

/** Whether this browser holds a PKCE verifier or a session of supabase-js (storage keys sb-<ref>-auth-token[-code-verifier]). */
function hasPkceState(): boolean {
  return Object.keys(window.localStorage).some((k) => /^sb-.+-auth-token(-code-verifier)?$/.test(k));
}

/**
 * /auth/confirm: where mailed links land. ?token_hash=…&type=signup|invite is verified with verifyOtp({ token_hash }),
 * which needs no PKCE verifier, so it works in any browser or device; GoTrue's PKCE redirect (?code=, with
 * AUTH_EMAIL_LINKS=verify) signs in where the sign-up happened and elsewhere says the address is confirmed, then sign in; GoTrue's #access_token redirect (an invitation
 * through /auth/v1/verify) sets the session. Invitees then choose a password; everyone continues at /sign-up, which
 * applies the one onboarding rule (unfinished → the wizard, else /dashboard).
 */
export function Component() {
  const navigate = useNavigate();
  // read once on arrival, before the effect removes the token from the address bar
  const [landing] = useState(readLanding);
  const [failure, setFailure] = useState<string | null>(landing.kind === 'failed' ? landing.error : null);
  const [confirmedElsewhere, setConfirmedElsewhere] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // the token never stays in the address bar, history or a Referer
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (landing.kind === 'failed' || started.current) return;
    started.current = true;
    void (async () => {
      if (landing.kind === 'code' && !hasPkceState()) return setConfirmedElsewhere(true);
      const client = supabase();
      if (landing.kind === 'code') {
        // GoTrue's /verify confirmed the address before redirecting with ?code=; the code becomes a session only with
        // the PKCE verifier the signing-up browser kept (supabase-js may already have exchanged it on load)
        const exchanged = await client.auth.exchangeCodeForSession(landing.code);
        const session = exchanged.data.session ?? (await client.auth.getSession()).data.session;
        if (!session) return setConfirmedElsewhere(true);
        setSessionMarkers();
        await recordUserSession(client, session.user.id, false);
        toast.success(authMessages.auth.confirmed);
        return navigate(paths.signUp, { replace: true });
      }
      const { data, error } =
        landing.kind === 'token_hash'
          ? await client.auth.verifyOtp({ token_hash: landing.tokenHash, type: landing.type })
          : await client.auth.setSession({ access_token: landing.accessToken, refresh_token: landing.refreshToken });
      if (error || !data.session || !data.user) return setFailure(authErrorMessage(error));
      setSessionMarkers();
      await recordUserSession(client, data.user.id, false);
      if (landing.type === 'invite') return navigate(paths.setPassword, { replace: true });
      toast.success(authMessages.auth.confirmed);
      navigate(paths.signUp, { replace: true });
    })();
  }, [landing, navigate]);

  if (confirmedElsewhere)
    return (
      <AuthPageShell>
        <Card className="w-full max-w-md border-border/80 shadow-xl">
          <CardHeader className="text-center">
            <CardTitle className="text-xl">{authMessages.auth.confirmedElsewhereTitle}</CardTitle>
            <CardDescription>{authMessages.auth.confirmedElsewhereNote}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="gradient" className="w-full">
              <Link to={paths.signIn}>{authMessages.auth.confirmedElsewhereSignIn}</Link>
            </Button>
          </CardContent>
        </Card>
      </AuthPageShell>
    );
  if (!failure) return <FullScreenSpinner label={authMessages.auth.confirming} />;
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
            <CardTitle className="text-xl">{authMessages.auth.confirmFailedTitle}</CardTitle>
            <CardDescription>{reason}</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} className="space-y-4">
              <p className="text-sm text-muted-foreground">{authMessages.auth.confirmFailedNote}</p>
              {error && <Alert variant="destructive">{error}</Alert>}
              <div className="space-y-2">
                <Label htmlFor="confirm-email">Email</Label>
                <Input
                  id="confirm-email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  disabled={sending}
                />
              </div>
              <Button type="submit" variant="gradient" className="w-full" disabled={sending}>
                {authMessages.auth.sendFreshLink}
              </Button>
              <Button asChild variant="link" className="w-full">
                <Link to={paths.signIn}>{authMessages.auth.backToSignIn}</Link>
              </Button>
            </form>
          </CardContent>
        </>
      )}
    </Card>
  );
}
