import type { Context } from 'hono';
import { findUserById, type JwtClaims, type UserRow } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import type { AppErrorCode } from '../errors/catalogue.js';
import { bearerWord, readAuthorization } from '../http/bearer.js';

/**
 * Why an admin-only request is refused. 'no_token'/'invalid_token'/'not_admin' come from the token; the rest from
 * the database now (auth.caller_refusal in supabase/migrations/0300_live_admin.sql, which is_admin() also uses).
 */
export type AdminRefusal =
  'no_token' | 'invalid_token' | 'not_admin' | 'user_not_found' | 'user_banned' | 'session_not_found' | 'session_expired' | 'aal2_required';

export type AdminCheck =
  { ok: true; claims: JwtClaims; user: UserRow; sessionId: string } | { ok: false; refusal: AdminRefusal; claims: JwtClaims | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token's sub when it is a user id (for audit rows), else null. */
export const claimUserId = (claims: JwtClaims | null): string | null =>
  typeof claims?.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;

const DB_REFUSALS = new Set<AdminRefusal>([
  'not_admin',
  'user_not_found',
  'user_banned',
  'session_not_found',
  'session_expired',
  'aal2_required',
]);

/** The verified claims of `Authorization: Bearer`, 'no_token' without one, 'invalid_token' when it does not verify. */
export async function bearerClaims(ctx: AppContext, c: Context): Promise<JwtClaims | 'no_token' | 'invalid_token'> {
  const token = bearerWord(readAuthorization(c), 'whitespace');
  if (!token) return 'no_token';
  try {
    return await ctx.jwt.verify(token);
  } catch {
    return 'invalid_token';
  }
}

/**
 * The claims of a signed-in user whose session is still live (not signed out, not banned: auth.caller_refusal), or
 * null. For server functions that write as the user (the coach, the plan), as a REST write is checked.
 */
export async function liveUserClaims(ctx: AppContext, c: Context): Promise<JwtClaims | null> {
  const claims = await bearerClaims(ctx, c);
  if (typeof claims === 'string' || claims.role !== 'authenticated' || !claims.sub) return null;
  const { rows } = await ctx.db.query<{ why: string | null }>('select auth.caller_refusal($1, $2, false) as why', [
    claims.sub,
    claims.session_id ?? null,
  ]);
  return rows[0]?.why === null ? claims : null;
}

/**
 * A user's token is an admin's only while the database agrees: the token claims the admin role, and the user still
 * has it, is not banned, the token's session row still exists, and the session is aal2 when the user has a verified
 * factor. The claim is checked first so non-admins cost no query.
 */
export async function checkLiveAdmin(ctx: AppContext, claims: JwtClaims): Promise<AdminCheck> {
  if (claims.role !== 'authenticated' || claims.app_metadata?.role !== 'admin') return { ok: false, refusal: 'not_admin', claims };
  const sub = typeof claims.sub === 'string' ? claims.sub : null;
  const sid = typeof claims.session_id === 'string' ? claims.session_id : null;
  const { rows } = await ctx.db.query<{ why: string | null }>('select auth.caller_refusal($1, $2, true) as why', [sub, sid]);
  const why = rows[0] ? rows[0].why : 'user_not_found';
  if (why !== null) return { ok: false, refusal: DB_REFUSALS.has(why as AdminRefusal) ? (why as AdminRefusal) : 'not_admin', claims };
  const user = await findUserById(ctx.db, sub!);
  if (!user) return { ok: false, refusal: 'user_not_found', claims };
  return { ok: true, claims, user, sessionId: sid! };
}

/** What a refused caller is told: 401 when signing in (again) helps, 403 otherwise. Never which check failed beyond that. */
export function adminRefusalAnswer(refusal: AdminRefusal): { code: AppErrorCode; message?: string } {
  switch (refusal) {
    case 'no_token':
    case 'invalid_token':
      return { code: 'no_authorization' };
    case 'session_not_found':
    case 'session_expired':
      return { code: 'session_not_found' };
    case 'aal2_required':
      return { code: 'insufficient_aal', message: 'Verify your second factor (aal2) to use admin actions' };
    default:
      return { code: 'not_admin' };
  }
}
