import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { BoundStatement, Queryable, QueryResult } from '../db/index.js';
import { truncateIp } from '../http/client-ip.js';
import { writeAudit } from '../security/audit.js';
import { authError, authErrorAt } from '../errors/auth.js';
import type { RequestMeta } from './request.js';
import { factorFromJson, identityFromJson, userFromJson, type FactorJson, type IdentityJson, type UserJson } from './rows-from-json.js';
import { userJson, userJsonFrom, type UserRow } from './users.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newRefreshToken = () => randomBytes(24).toString('base64url');

interface SessionRow {
  id: string;
  user_id: string;
  aal: string;
}

/** Stores a new refresh token for the session; only its SHA-256 is kept. */
async function mintRefreshToken(tx: Queryable, userId: string, sessionId: string, parentHash: string | null): Promise<string> {
  const token = newRefreshToken();
  await tx.query('insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values ($1, $2, $3, $4)', [
    sha256(token),
    userId,
    sessionId,
    parentHash,
  ]);
  return token;
}

/** Records an authentication method on the session (upsert bumps its timestamp). */
export async function addAmr(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

type Amr = { method: string; timestamp: number }[];

/** The access token of a session: Supabase's claims, signed by ctx.jwt. */
async function accessToken(ctx: AppContext, user: UserRow, session: SessionRow, amr: Amr) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.JWT_EXPIRY;
  const token = await ctx.jwt.sign({
    iss: `${ctx.config.SITE_URL}/auth/v1`,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: session.aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  });
  return { token, exp };
}

/** GoTrue's AccessTokenResponse from what is already loaded (`userObject` is userJson's answer). */
async function sessionJsonFrom(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  amr: Amr,
  userObject: Record<string, unknown>,
) {
  const { token, exp } = await accessToken(ctx, user, session, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: exp - Math.floor(Date.now() / 1000),
    expires_at: exp,
    refresh_token: refreshToken,
    user: userObject,
  };
}

/** GoTrue's AccessTokenResponse. */
export async function sessionJson(ctx: AppContext, db: Queryable, user: UserRow, session: SessionRow, refreshToken: string) {
  const { rows } = await db.query<{ method: string; ts: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::text as ts
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [session.id],
  );
  const amr = rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
  return sessionJsonFrom(ctx, user, session, refreshToken, amr, await userJson(db, user));
}

export type SessionResponse = Awaited<ReturnType<typeof sessionJson>>;

/** What auth.start_session and auth.refresh_grant answer for a session they started or continued. */
interface SessionGrant {
  user: UserJson;
  session: SessionRow;
  amr: Amr;
  identities: IdentityJson[];
  factors: FactorJson[];
}

/** GoTrue's AccessTokenResponse from a SessionGrant and the refresh token it stored the hash of. */
function sessionFromGrant(ctx: AppContext, grant: SessionGrant, refreshToken: string): Promise<SessionResponse> {
  const user = userFromJson(grant.user);
  const userObject = userJsonFrom(user, grant.identities.map(identityFromJson), grant.factors.map(factorFromJson));
  return sessionJsonFrom(ctx, user, grant.session, refreshToken, grant.amr, userObject);
}

/**
 * The statement that starts a new session (aal1) for a successful sign-in by `method` and stamps last_sign_in_at
 * (auth.start_session, migration 0560: one statement, so PGlite's one connection is held for one exchange, not
 * eleven), with the refresh token whose hash it stores. `sessionFromStart` turns its one row into the answer.
 */
export function startSessionStatement(
  user: UserRow,
  method: string,
  meta: RequestMeta,
): { statement: BoundStatement; refreshToken: string } {
  const refreshToken = newRefreshToken();
  return {
    refreshToken,
    statement: {
      sql: 'select auth.start_session($1, $2, $3, $4, $5) as started',
      params: [user.id, method, sha256(refreshToken), meta.userAgent ?? null, truncateIp(meta.ip)],
      name: 'auth_start_session',
    },
  };
}

export const sessionFromStart = (ctx: AppContext, result: QueryResult, refreshToken: string) =>
  sessionFromGrant(ctx, (result.rows[0] as { started: SessionGrant }).started, refreshToken);

/** A new session (aal1) for a successful sign-in by `method`, in the caller's transaction; stamps last_sign_in_at. */
export async function startSession(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<SessionResponse> {
  const { statement, refreshToken } = startSessionStatement(user, method, meta);
  return sessionFromStart(ctx, await tx.query(statement.sql, statement.params, { name: statement.name }), refreshToken);
}

/** Issues a new refresh token for an existing session (after MFA verification: the old one stops working). */
export async function reissueForSession(ctx: AppContext, tx: Queryable, user: UserRow, sessionId: string): Promise<SessionResponse> {
  await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
  const refresh = await mintRefreshToken(tx, user.id, sessionId, null);
  const { rows } = await tx.query<SessionRow>('select id, user_id, aal from auth.sessions where id = $1', [sessionId]);
  return sessionJson(ctx, tx, user, rows[0]!, refresh);
}

type RefreshGrant =
  | { error: 'refresh_token_not_found' | 'user_banned' | 'session_not_found' | 'session_expired' }
  | { reused: { user_id: string; session_id: string } }
  | SessionGrant;

/**
 * refresh_token grant: rotation with reuse detection. A revoked token presented within the reuse interval
 * (concurrent tabs) gets a new child; later, the whole session is deleted (see docs/decisions/0005). One call of
 * auth.refresh_grant (migration 0540, docs/decisions/0065) does the reads and writes in one statement.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string, meta: RequestMeta): Promise<SessionResponse> {
  const child = newRefreshToken();
  // Prepared once per connection: parsing and planning the call anew cost ~60 of its ~440 backend CPU µs (issue 16).
  const { rows } = await ctx.db.query<{ grant: RefreshGrant }>(
    'select auth.refresh_grant($1, $2, $3, $4, $5) as grant',
    [sha256(refreshToken), sha256(child), ctx.config.AUTH_REFRESH_REUSE_INTERVAL, meta.userAgent ?? null, truncateIp(meta.ip)],
    { name: 'auth_refresh_grant' },
  );
  const grant = rows[0]!.grant;
  if ('user' in grant) return sessionFromGrant(ctx, grant, child);
  if ('error' in grant) {
    switch (grant.error) {
      case 'user_banned':
        throw authErrorAt(400, 'user_banned', 'User is banned');
      case 'session_not_found':
        throw authErrorAt(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found');
      case 'session_expired':
        throw authError('session_expired');
      default:
        throw authError('refresh_token_not_found');
    }
  }
  await writeAudit(ctx.db, {
    event_type: 'auth.refresh_token_reused',
    severity: 'warn',
    user_id: grant.reused.user_id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { session_id: grant.reused.session_id, action: 'session revoked' },
  });
  throw authError('refresh_token_already_used');
}
