import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import type { ApiError } from '../errors/api-error.js';
import { JwtError, type JwtClaims } from './jwt.js';
import { authError, authErrorAt } from '../errors/auth.js';
import { bearerToken } from './request.js';
import { findUserById, isBanned, type UserRow } from './users.js';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  /** The JWT's session_id, whose row still exists. */
  sessionId: string | undefined;
  aal: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function verifyBearer(ctx: AppContext, c: Context): Promise<JwtClaims> {
  try {
    return await ctx.jwt.verify(bearerToken(c));
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    const why = err.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw authError('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
}

/**
 * True when the user has a verified second factor that a session at `aal` has not passed. Such a session may only
 * finish the second factor (docs/security.md "Second factor (aal)").
 */
export async function secondFactorPending(db: Queryable, userId: string, aal: string): Promise<boolean> {
  if (aal === 'aal2' || aal === 'aal3') return false;
  const { rowCount } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
  return rowCount > 0;
}

/** The same for a token, from its session row as stored now; false when that session is gone (callers refuse it). */
export async function tokenSecondFactorPending(db: Queryable, claims: JwtClaims): Promise<boolean> {
  const { rows } = await db.query<{ aal: string }>(
    'select aal from auth.sessions where id = auth.claim_uuid($1) and user_id = auth.claim_uuid($2)',
    [claims.session_id ?? null, claims.sub ?? null],
  );
  return rows[0] ? secondFactorPending(db, claims.sub!, rows[0].aal) : false;
}

/** What a "user" endpoint answers an aal1 session of a user with a verified factor: GoTrue's code, or 'allowed'. */
export type AtAal1 = 'allowed' | (() => ApiError);
const insufficientAal = () => authError('insufficient_aal');

/**
 * "user" endpoints: valid access token, user exists and is not banned, its session still exists, and the session
 * passed the user's second factor unless the endpoint is one that finishes it (`atAal1` 'allowed').
 */
export async function requireUser(ctx: AppContext, c: Context, atAal1: AtAal1 = insufficientAal): Promise<Caller> {
  const claims = await verifyBearer(ctx, c);
  if (!claims.sub) throw authError('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(claims.sub)) throw authErrorAt(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw authErrorAt(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw authError('user_banned');
  let aal = 'aal1';
  if (claims.session_id) {
    const { rows } = await ctx.db.query<{ aal: string }>('select aal from auth.sessions where id = $1 and user_id = $2', [
      UUID.test(claims.session_id) ? claims.session_id : '00000000-0000-0000-0000-000000000000',
      user.id,
    ]);
    if (!rows[0]) throw authError('session_not_found');
    aal = rows[0].aal;
  }
  if (atAal1 !== 'allowed' && (await secondFactorPending(ctx.db, user.id, aal))) throw atAal1();
  return { claims, user, sessionId: claims.session_id, aal };
}

/** "admin" endpoints: a JWT whose role is service_role (or supabase_admin), i.e. the service-role key. */
export async function requireAdmin(ctx: AppContext, c: Context): Promise<JwtClaims> {
  const claims = await verifyBearer(ctx, c);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authError('not_admin');
  return claims;
}
