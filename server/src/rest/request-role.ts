import type { Context } from 'hono';
import { JwtError, type JwtClaims, type JwtVerifier } from '../accounts/index.js';
import { readAuthorization } from '../http/bearer.js';
import { restFailure } from './errors.js';

/** The database roles a token may select; any other role claim is refused (we never SET ROLE to anything else). */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: JwtClaims;
}

/** service_role: the server's own key, never in a browser; exempt from the pattern rules of query-limits.ts. */
export const isTrusted = (caller: Caller) => caller.role === 'service_role';

/**
 * Who is calling, from `Authorization: Bearer <jwt>` or else the `apikey` header/param (PostgREST + Supabase gateway):
 * no token = anon; the anon key = anon; a user's access token = authenticated; the service key = service_role.
 */
export async function resolveCaller(c: Context, jwt: JwtVerifier): Promise<Caller> {
  const auth = readAuthorization(c);
  let token: string | undefined;
  if (auth.scheme !== 'absent') {
    if (auth.scheme === 'other') throw restFailure('jwtInvalid', 'Expected Bearer authorization');
    token = auth.token;
    if (!token) throw restFailure('jwtInvalid', 'Empty JWT is sent in Authorization header');
  } else {
    token = c.req.header('apikey') || new URL(c.req.url).searchParams.get('apikey') || undefined;
  }
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  const parts = token.split('.').length;
  if (parts !== 3) throw restFailure('jwtInvalid', `Expected 3 parts in JWT; got ${parts}`);
  let claims: JwtClaims;
  try {
    claims = await jwt.verify(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw restFailure('jwtExpired');
    throw restFailure('jwtInvalid', 'JWT cryptographic operation failed');
  }
  if (!API_ROLES.has(claims.role)) throw restFailure('roleNotFound', claims.role);
  return { role: claims.role, claims };
}
