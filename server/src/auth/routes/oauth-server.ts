import type { Context, Hono } from 'hono';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { authorizationHeader } from '../../http/bearer.js';
import { authError, oauthError, validationFailed } from '../../errors/auth.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { requireUser } from '../guards.js';
import { isAllowedRedirect } from '../redirect.js';
import { limitByIp } from '../limits.js';
import { readBody, requestMeta } from '../request.js';
import { refreshSession, startSession } from '../sessions.js';
import { findUserById, isBanned } from '../users.js';
import { authorizationDetails, consumeCode, createAuthorization, decide, OAuthGrantError } from '../oauth-server/authorizations.js';
import {
  clientJson,
  clientParam,
  deleteClient,
  findClient,
  listClients,
  regenerateSecret,
  registerClient,
  registerParams,
  secretMatches,
  updateClient,
  updateParams,
  type OAuthClientRow,
} from '../oauth-server/clients.js';

/** RFC 6749 §5.2 error body of the token endpoint ({error, error_description}), as GoTrue's NewOAuthError sends it. */
const consentBody = z.object({ action: z.string().optional() });
const tokenFields = z.object({
  grant_type: z.string().optional(),
  code: z.string().optional(),
  refresh_token: z.string().optional(),
  redirect_uri: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  code_verifier: z.string().optional(),
});
type TokenFields = z.infer<typeof tokenFields>;

async function tokenRequest(c: Context): Promise<TokenFields> {
  if ((c.req.header('content-type') ?? '').includes('application/json')) {
    try {
      return tokenFields.parse(await c.req.json());
    } catch {
      throw oauthError('invalid_request', 'Invalid JSON body');
    }
  }
  const form = await c.req.parseBody().catch(() => {
    throw oauthError('invalid_request', 'Failed to parse form data');
  });
  const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
  return Object.fromEntries(Object.keys(tokenFields.shape).map((k) => [k, text(k)])) as TokenFields;
}

/** client_secret_basic, client_secret_post, or none for a public client (which then relies on PKCE alone). */
async function authenticateClient(deps: AuthDeps, c: Context, f: TokenFields): Promise<OAuthClientRow> {
  let id = f.client_id;
  let secret = f.client_secret;
  const basic = /^Basic\s+(.+)$/i.exec(authorizationHeader(c) ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError('invalid_client', 'Invalid Basic authentication header', 401);
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (!id) throw oauthError('invalid_client', 'Client authentication required', 401);
  const client = await findClient(deps.ctx.db, id);
  if (!client) throw oauthError('invalid_client', 'Invalid client credentials', 401);
  if (client.client_type === 'confidential' && !(secret && secretMatches(client, secret)))
    throw oauthError('invalid_client', 'Invalid client credentials', 401);
  return client;
}

/** The consent calls come from the app's own page (SITE_URL or an allowed redirect); no Origin: not a browser. */
function checkOrigin(ctx: AppContext, c: Context) {
  const origin = c.req.header('origin');
  if (origin && !isAllowedRedirect(origin, ctx.config)) throw validationFailed('unauthorized request origin');
}

/** GET /admin/oauth/clients */
async function listOAuthClients(c: Context, { ctx }: AuthDeps) {
  const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') ?? '', 10) || 50));
  const { rows, total } = await listClients(ctx.db, page, perPage);
  const last = Math.max(1, Math.ceil(total / perPage));
  c.header('X-Total-Count', String(total));
  c.header(
    'Link',
    [
      ...(page < last ? [`</admin/oauth/clients?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []),
      `</admin/oauth/clients?page=${last}&per_page=${perPage}>; rel="last"`,
    ].join(', '),
  );
  // GoTrue's `clients,omitempty`: no clients, no key
  return c.json(rows.length ? { clients: rows.map((r) => clientJson(r)) } : {});
}

/** POST /admin/oauth/clients */
async function createOAuthClient(c: Context, { ctx }: AuthDeps) {
  const { client, secret } = await registerClient(ctx.db, await readBody(c, registerParams), 'manual');
  return c.json(clientJson(client, secret), 201);
}

/** GET /admin/oauth/clients/:client_id */
async function getOAuthClient(c: Context, { ctx }: AuthDeps) {
  return c.json(clientJson(await clientParam(ctx.db, c.req.param('client_id')!)));
}

/** PUT /admin/oauth/clients/:client_id */
async function updateOAuthClient(c: Context, { ctx }: AuthDeps) {
  const client = await clientParam(ctx.db, c.req.param('client_id')!);
  return c.json(clientJson(await updateClient(ctx.db, client.id, await readBody(c, updateParams))));
}

/** DELETE /admin/oauth/clients/:client_id */
async function deleteOAuthClient(c: Context, { ctx }: AuthDeps) {
  const client = await clientParam(ctx.db, c.req.param('client_id')!);
  await deleteClient(ctx.db, client.id);
  return c.body(null, 204);
}

/** POST /admin/oauth/clients/:client_id/regenerate_secret */
async function regenerateOAuthClientSecret(c: Context, { ctx }: AuthDeps) {
  const { client, secret } = await regenerateSecret(ctx.db, await clientParam(ctx.db, c.req.param('client_id')!));
  return c.json(clientJson(client, secret));
}

/** POST /oauth/clients/register: dynamic registration (RFC 7591), off unless AUTH_OAUTH_DYNAMIC_REGISTRATION. */
async function registerDynamicClient(c: Context, { ctx }: AuthDeps) {
  if (!ctx.config.AUTH_OAUTH_DYNAMIC_REGISTRATION) throw authError('oauth_dynamic_client_registration_disabled');
  const { client, secret } = await registerClient(ctx.db, await readBody(c, registerParams), 'dynamic');
  return c.json(clientJson(client, secret), 201);
}

/** GET /.well-known/oauth-authorization-server (RFC 8414) */
function authorizationServerMetadata(c: Context, { ctx }: AuthDeps) {
  const base = () => `${ctx.config.SITE_URL}/auth/v1`;
  return c.json({
    issuer: base(),
    authorization_endpoint: `${base()}/oauth/authorize`,
    token_endpoint: `${base()}/oauth/token`,
    jwks_uri: `${base()}/.well-known/jwks.json`,
    ...(ctx.config.AUTH_OAUTH_DYNAMIC_REGISTRATION ? { registration_endpoint: `${base()}/oauth/clients/register` } : {}),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256', 'plain'],
  });
}

/** GET /oauth/authorize: to the client's redirect on error, else to the app's consent page. */
async function authorize(c: Context, { ctx }: AuthDeps) {
  const made = await createAuthorization(ctx.db, c.req.query());
  if ('redirect' in made) return c.redirect(made.redirect, 302);
  return c.redirect(
    `${ctx.config.SITE_URL}${ctx.config.AUTH_OAUTH_CONSENT_PATH}?authorization_id=${encodeURIComponent(made.authorizationId)}`,
    302,
  );
}

/** GET /oauth/authorizations/:authorization_id: what the consent page shows. */
async function getAuthorization(c: Context, { ctx }: AuthDeps) {
  checkOrigin(ctx, c);
  const { user } = await requireUser(ctx, c);
  return c.json(await authorizationDetails(ctx.db, c.req.param('authorization_id')!, user));
}

/** POST /oauth/authorizations/:authorization_id/consent */
async function decideConsent(c: Context, { ctx }: AuthDeps) {
  checkOrigin(ctx, c);
  const { user } = await requireUser(ctx, c);
  const { action } = await readBody(c, consentBody);
  if (action !== 'approve' && action !== 'deny') throw validationFailed("action must be 'approve' or 'deny'");
  return c.json({ redirect_url: await decide(ctx.db, c.req.param('authorization_id')!, user, action) });
}

/** POST /oauth/token: authorization_code or refresh_token, for an authenticated client. */
async function issueOAuthToken(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const f = await tokenRequest(c);
  if (!f.grant_type) throw oauthError('invalid_request', 'grant_type is required');
  const client = await authenticateClient(deps, c, f);
  if (!client.grant_types.includes(f.grant_type))
    throw oauthError('unsupported_grant_type', `Client is not allowed to use grant type: ${f.grant_type}`);
  const meta = requestMeta(c, ctx);
  let session;
  if (f.grant_type === 'authorization_code') {
    if (!f.code) throw oauthError('invalid_request', 'code is required for authorization_code grant');
    let userId: string;
    try {
      userId = await consumeCode(ctx.db, { code: f.code, client, redirectUri: f.redirect_uri, codeVerifier: f.code_verifier });
    } catch (err) {
      if (err instanceof OAuthGrantError) throw oauthError(err.error, err.description);
      throw err;
    }
    const user = await findUserById(ctx.db, userId);
    if (!user) throw oauthError('invalid_grant', 'User not found for authorization code');
    if (isBanned(user)) throw oauthError('access_denied', 'User is banned');
    session = await ctx.db.transaction((tx) => startSession(ctx, tx, user, 'oauth_provider/authorization_code', meta));
  } else if (f.grant_type === 'refresh_token') {
    if (!f.refresh_token) throw oauthError('invalid_request', 'refresh_token is required for refresh_token grant');
    session = await refreshSession(ctx, f.refresh_token, meta);
  } else throw oauthError('unsupported_grant_type', `Unsupported grant type: ${f.grant_type}`);
  // the client gets the tokens only, not the user object (GoTrue's OAuth-compliant answer)
  return c.json({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
  });
}

/** GoTrue's OAuth 2.1 server: /admin/oauth/clients, /oauth/authorize, consent, /oauth/token, registration, metadata. */
export function registerOAuthServer(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  // admin: the /admin/* service-role guard is registered by routes/admin.ts
  app.get('/admin/oauth/clients', h(listOAuthClients));
  app.post('/admin/oauth/clients', h(createOAuthClient));
  app.get('/admin/oauth/clients/:client_id', h(getOAuthClient));
  app.put('/admin/oauth/clients/:client_id', h(updateOAuthClient));
  app.delete('/admin/oauth/clients/:client_id', h(deleteOAuthClient));
  app.post('/admin/oauth/clients/:client_id/regenerate_secret', h(regenerateOAuthClientSecret));
  app.post('/oauth/clients/register', limitByIp(deps, 'signup'), h(registerDynamicClient));
  app.get('/.well-known/oauth-authorization-server', h(authorizationServerMetadata));
  // the code flow
  app.get('/oauth/authorize', limitByIp(deps, 'token'), h(authorize));
  app.get('/oauth/authorizations/:authorization_id', h(getAuthorization));
  app.post('/oauth/authorizations/:authorization_id/consent', h(decideConsent));
  app.post('/oauth/token', limitByIp(deps, 'token'), h(issueOAuthToken));
}
