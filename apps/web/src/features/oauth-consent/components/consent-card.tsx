import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { answerAuthorization, AuthorizationError, readAuthorization, type AuthorizationRequest } from '../api/authorization';

const text = messages.oauthConsent;

type View =
  | { kind: 'loading' }
  | { kind: 'ask'; request: Extract<AuthorizationRequest, { kind: 'ask' }>['details'] }
  | { kind: 'leaving' }
  | { kind: 'error'; message: string };

const errorText = (err: unknown) => (err instanceof AuthorizationError && err.status === 404 ? text.notFound : text.failed);

/** Leaves for the client's redirect URI (with the code, or error=access_denied). */
const leave = (url: string) => window.location.assign(url);

/**
 * The consent step of the OAuth 2.1 server: which app asks, for which scopes, for whom; Approve or Deny. A request
 * the user already consented to (same client, no new scopes) goes straight back to the app.
 */
export function ConsentCard({ authorizationId }: { authorizationId: string | null }) {
  const [view, setView] = useState<View>(authorizationId ? { kind: 'loading' } : { kind: 'error', message: text.missingRequest });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!authorizationId) return;
    let live = true;
    readAuthorization(authorizationId).then(
      (r) => {
        if (!live) return;
        if (r.kind === 'redirect') {
          setView({ kind: 'leaving' });
          leave(r.url);
        } else setView({ kind: 'ask', request: r.details });
      },
      (err: unknown) => live && setView({ kind: 'error', message: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [authorizationId]);

  async function answer(approve: boolean) {
    if (!authorizationId) return;
    setBusy(true);
    try {
      const url = await answerAuthorization(authorizationId, approve);
      setView({ kind: 'leaving' });
      leave(url);
    } catch (err) {
      setBusy(false);
      setView({ kind: 'error', message: errorText(err) });
    }
  }

  if (view.kind === 'loading' || view.kind === 'leaving') {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-muted-foreground" role="status">
        <Spinner />
        {view.kind === 'leaving' && <p>{text.redirecting}</p>}
      </div>
    );
  }
  if (view.kind === 'error') {
    return (
      <Card className="w-full max-w-md border-border/80 shadow-xl">
        <CardContent className="pt-6">
          <Alert variant="destructive">{view.message}</Alert>
        </CardContent>
      </Card>
    );
  }
  const { request } = view;
  const name = request.client.name || text.unnamedClient;
  const scopes = request.scope.split(/\s+/).filter(Boolean);
  return (
    <Card className="w-full max-w-md border-border/80 shadow-xl">
      <CardHeader className="text-center">
        {request.client.logo_uri && <img src={request.client.logo_uri} alt="" className="mx-auto mb-2 size-12 rounded-md" />}
        <CardTitle className="text-xl sm:text-2xl">{text.title(name)}</CardTitle>
        <CardDescription>{text.signedInAs(request.user.email)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-sm font-medium">{text.scopesIntro}</p>
        <ul aria-label={text.scopesIntro} className="flex flex-wrap gap-2">
          {scopes.map((s) => (
            <li key={s} className="rounded-full border px-3 py-1 font-mono text-xs">
              {s}
            </li>
          ))}
        </ul>
        <p className="break-all pt-2 text-xs text-muted-foreground">{text.returnsTo(request.redirect_uri)}</p>
      </CardContent>
      <CardFooter className="flex gap-3">
        <Button variant="outline" className="flex-1" disabled={busy} onClick={() => void answer(false)}>
          {text.deny}
        </Button>
        <Button variant="gradient" className="flex-1" disabled={busy} onClick={() => void answer(true)}>
          {busy ? text.working : text.approve}
        </Button>
      </CardFooter>
    </Card>
  );
}
