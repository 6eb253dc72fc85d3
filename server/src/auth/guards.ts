import type { Context } from 'hono';
import type { AppContext } from '../context.js';
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

/** "user" endpoints: valid access token, user exists and is not banned, its session still exists. */
export async function requireUser(ctx: AppContext, c: Context): Promise<Caller> {
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
  return { claims, user, sessionId: claims.session_id, aal };
}

/** "admin" endpoints: a JWT whose role is service_role (or supabase_admin), i.e. the service-role key. */
export async function requireAdmin(ctx: AppContext, c: Context): Promise<JwtClaims> {
  const claims = await verifyBearer(ctx, c);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authError('not_admin');
  return claims;
}
