import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/types.js';
import { authError, authErrorAt, validationFailed } from '../../errors/auth.js';
import type { UserRow } from '../users.js';
import { findClient, type OAuthClientRow } from './clients.js';

/**
 * Authorization requests of the OAuth 2.1 code flow (GoTrue's internal/api/oauthserver/authorize.go): the client
 * sends the browser to /oauth/authorize, the app's consent page reads the request and approves or denies it, the
 * client exchanges the code with its PKCE verifier at /oauth/token. Codes are single use and kept as SHA-256.
 */

interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  status: 'pending' | 'approved' | 'denied' | 'expired';
  expires_at: Date;
}

/** Scope asked for when the client names none. */
export const DEFAULT_SCOPE = 'email';

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const scopeSet = (scope: string) => new Set(scope.split(/\s+/).filter(Boolean));

export interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why the remaining parameters are refused (sent back to the client's redirect_uri), or null. */
function paramsProblem(q: AuthorizeQuery): string | null {
  if ((q.response_type || 'code') !== 'code') return 'Only response_type=code is supported';
  if (!q.code_challenge || !q.code_challenge_method) return 'PKCE flow requires both code_challenge and code_challenge_method';
  const method = q.code_challenge_method.toLowerCase();
  if (method !== 's256' && method !== 'plain') return "code_challenge_method must be 'S256' or 'plain'";
  if (q.code_challenge.length < 43 || q.code_challenge.length > 128) return 'code_challenge must be between 43 and 128 characters';
  if (q.state && q.state.length > 4096) return 'state is too long';
  return null;
}

function errorRedirect(redirectUri: string, error: string, description: string, state: string | undefined): string {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

/**
 * GET /oauth/authorize, as GoTrue checks it: a bad client_id or redirect_uri is answered here (400, never sent to
 * an untrusted URI); once both are known good, other mistakes go back to the client as error=invalid_request.
 * Stores the pending request and answers its id.
 */
export async function createAuthorization(db: Queryable, q: AuthorizeQuery): Promise<{ authorizationId: string } | { redirect: string }> {
  if (!q.client_id) throw validationFailed('client_id is required');
  if (!q.redirect_uri) throw validationFailed('redirect_uri is required');
  if (!UUID.test(q.client_id)) throw authErrorAt(400, 'oauth_client_not_found', 'invalid client_id format');
  const client = await findClient(db, q.client_id);
  if (!client) throw authErrorAt(400, 'oauth_client_not_found', 'invalid client_id');
  if (!client.redirect_uris.includes(q.redirect_uri)) throw validationFailed('invalid redirect_uri');
  const problem = paramsProblem(q);
  if (problem) return { redirect: errorRedirect(q.redirect_uri, 'invalid_request', problem, q.state) };
  const authorizationId = randomBytes(24).toString('base64url');
  await db.query(
    `insert into auth.oauth_authorizations (authorization_id, client_id, redirect_uri, scope, state, code_challenge, code_challenge_method)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      authorizationId,
      client.id,
      q.redirect_uri,
      q.scope || DEFAULT_SCOPE,
      q.state || null,
      q.code_challenge,
      q.code_challenge_method!.toLowerCase(),
    ],
  );
  return { authorizationId };
}

/** A pending, unexpired request; anything else is "not found" so ids cannot be probed (GoTrue's rule). */
async function pendingAuthorization(db: Queryable, authorizationId: string, forUpdate = false): Promise<AuthorizationRow> {
  if (!authorizationId) throw validationFailed('authorization_id is required');
  const { rows } = await db.query<AuthorizationRow>(
    `select * from auth.oauth_authorizations where authorization_id = $1${forUpdate ? ' for update' : ''}`,
    [authorizationId],
  );
  const a = rows[0];
  if (!a) throw authError('oauth_authorization_not_found');
  if (a.expires_at.getTime() <= Date.now()) {
    await db.query(`update auth.oauth_authorizations set status = 'expired' where id = $1 and status = 'pending'`, [a.id]);
    throw authError('oauth_authorization_not_found');
  }
  if (a.status !== 'pending') throw validationFailed('authorization request cannot be processed');
  return a;
}

function redirectWith(a: Pick<AuthorizationRow, 'redirect_uri' | 'state'>, params: Record<string, string>): string {
  const url = new URL(a.redirect_uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (a.state) url.searchParams.set('state', a.state);
  return url.toString();
}

/** Marks the request approved with a fresh single-use code; answers the client's redirect URL carrying it. */
async function approve(db: Queryable, a: AuthorizationRow): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.query(
    `update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code_hash = $2 where id = $1`,
    [a.id, sha256(code)],
  );
  return redirectWith(a, { code });
}

export type AuthorizationDetails =
  | {
      authorization_id: string;
      redirect_uri: string;
      client: { id: string; name?: string; uri?: string; logo_uri?: string };
      user: { id: string; email?: string };
      scope: string;
    }
  | { redirect_url: string };

/**
 * GET /oauth/authorizations/{id} for the signed-in user: the first reader owns the request; when that user has
 * already consented to every requested scope of this client, it is approved at once and only the redirect is answered.
 */
export async function authorizationDetails(db: Database, authorizationId: string, user: UserRow): Promise<AuthorizationDetails> {
  return db.transaction(async (tx) => {
    const a = await pendingAuthorization(tx, authorizationId, true);
    if (a.user_id === null) {
      await tx.query('update auth.oauth_authorizations set user_id = $2 where id = $1', [a.id, user.id]);
      const { rows } = await tx.query<{ scopes: string }>(
        'select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null',
        [user.id, a.client_id],
      );
      const granted = rows[0] ? scopeSet(rows[0].scopes) : null;
      if (granted && [...scopeSet(a.scope)].every((s) => granted.has(s))) return { redirect_url: await approve(tx, a) };
    } else if (a.user_id !== user.id) throw authError('oauth_authorization_not_found');
    const client = await findClient(tx, a.client_id);
    if (!client) throw authError('oauth_authorization_not_found');
    return {
      authorization_id: a.authorization_id,
      redirect_uri: a.redirect_uri,
      client: {
        id: client.id,
        ...(client.client_name ? { name: client.client_name } : {}),
        ...(client.client_uri ? { uri: client.client_uri } : {}),
        ...(client.logo_uri ? { logo_uri: client.logo_uri } : {}),
      },
      user: { id: user.id, ...(user.email ? { email: user.email } : {}) },
      scope: a.scope,
    };
  });
}

/** POST /oauth/authorizations/{id}/consent: approve (consent remembered) or deny (access_denied to the client). */
export async function decide(db: Database, authorizationId: string, user: UserRow, action: 'approve' | 'deny'): Promise<string> {
  return db.transaction(async (tx) => {
    const a = await pendingAuthorization(tx, authorizationId, true);
    if (a.user_id !== user.id) throw authError('oauth_authorization_not_found');
    if (action === 'deny') {
      await tx.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [a.id]);
      return redirectWith(a, { error: 'access_denied', error_description: 'User denied the request' });
    }
    await tx.query(
      `insert into auth.oauth_consents (user_id, client_id, scopes) values ($1, $2, $3)
       on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
      [user.id, a.client_id, a.scope],
    );
    return approve(tx, a);
  });
}

export class OAuthGrantError extends Error {
  constructor(
    readonly error: 'invalid_grant' | 'invalid_request',
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * The code half of POST /oauth/token: the code is consumed (deleted, in its own statement) before any check, so a
 * code presented with a wrong verifier or by the wrong client cannot be tried again. Answers the user id.
 */
export async function consumeCode(
  db: Queryable,
  a: { code: string; client: OAuthClientRow; redirectUri?: string; codeVerifier?: string },
): Promise<string> {
  const { rows } = await db.query<AuthorizationRow>(
    `delete from auth.oauth_authorizations where authorization_code_hash = $1 and status = 'approved' returning *`,
    [sha256(a.code)],
  );
  const found = rows[0];
  if (!found) throw new OAuthGrantError('invalid_grant', 'Invalid authorization code');
  if (found.expires_at.getTime() <= Date.now()) throw new OAuthGrantError('invalid_grant', 'Authorization code has expired');
  if (found.client_id !== a.client.id) throw new OAuthGrantError('invalid_grant', 'Authorization code was not issued for this client');
  if (a.redirectUri && a.redirectUri !== found.redirect_uri) throw new OAuthGrantError('invalid_grant', 'Invalid redirect_uri');
  if (!a.codeVerifier) throw new OAuthGrantError('invalid_grant', 'PKCE verification failed: code_verifier is required');
  const computed = found.code_challenge_method === 's256' ? sha256(a.codeVerifier) : a.codeVerifier;
  if (computed !== found.code_challenge)
    throw new OAuthGrantError('invalid_grant', 'PKCE verification failed: code challenge does not match');
  if (!found.user_id) throw new OAuthGrantError('invalid_grant', 'Authorization code has no associated user');
  return found.user_id;
}
