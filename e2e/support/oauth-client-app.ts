import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small third-party web app on localhost that signs its users in with our OAuth 2.1 server, as a customer's own
 * tool would: /start sends the browser to /auth/v1/oauth/authorize with a PKCE challenge; /callback exchanges the
 * code at /auth/v1/oauth/token (client_secret_basic), reads /auth/v1/user with the access token and shows who
 * signed in, or shows the error the server sent back (Deny).
 */
export interface OAuthClientApp {
  origin: string;
  redirectUri: string;
  /** Set after registration: the client's id and secret at our server. */
  credentials: { clientId: string; clientSecret: string };
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p id="result">${body}</p></body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOAuthClientApp(authServer: string, anonKey: string): Promise<OAuthClientApp> {
  const verifiers = new Map<string, string>();
  const app = { credentials: { clientId: '', clientSecret: '' } } as OAuthClientApp;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', app.origin);
    const send = (status: number, html: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(html);
    };
    if (url.pathname === '/start') {
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(8).toString('hex');
      verifiers.set(state, verifier);
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: app.credentials.clientId,
        redirect_uri: app.redirectUri,
        scope: 'email profile',
        state,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      return send(302, '', { location: `${authServer}/auth/v1/oauth/authorize?${q}` });
    }
    if (url.pathname === '/callback') {
      const state = url.searchParams.get('state') ?? '';
      const verifier = verifiers.get(state);
      verifiers.delete(state);
      if (!verifier) return send(400, page('Unknown state', 'The state parameter did not match a sign-in this app started.'));
      const error = url.searchParams.get('error');
      if (error) return send(200, page('Not signed in', escape(`${error}: ${url.searchParams.get('error_description') ?? ''}`)));
      const basic = Buffer.from(`${app.credentials.clientId}:${app.credentials.clientSecret}`).toString('base64');
      const tokenRes = await fetch(`${authServer}/auth/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: url.searchParams.get('code') ?? '',
          redirect_uri: app.redirectUri,
          code_verifier: verifier,
        }),
      });
      const tokens = (await tokenRes.json()) as { access_token?: string; error_description?: string };
      if (!tokens.access_token) return send(502, page('Token exchange failed', escape(tokens.error_description ?? '')));
      const me = (await (
        await fetch(`${authServer}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${tokens.access_token}` } })
      ).json()) as { email?: string };
      return send(200, page('Signed in', escape(`Signed in as ${me.email}`)));
    }
    send(404, page('Not found', ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app.origin = `http://localhost:${port}`;
  app.redirectUri = `${app.origin}/callback`;
  app.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return app;
}
