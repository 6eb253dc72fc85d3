import type { Context } from 'hono';
import { JwtError, type JwtClaims, type JwtVerifier } from '../auth/jwt.js';
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
 * PGRST301 (error-table.ts jwtInvalid). The Authorization-header lines below still name the code: they are left to
 * the shared header parser that replaces them (issue 46), after which this helper can go.
 */
const jwtError = (_code: string, message: string) => restFailure('jwtInvalid', message);

/**
 * Who is calling, from `Authorization: Bearer <jwt>` or else the `apikey` header/param (PostgREST + Supabase gateway):
 * no token = anon; the anon key = anon; a user's access token = authenticated; the service key = service_role.
 */
export async function resolveCaller(c: Context, jwt: JwtVerifier): Promise<Caller> {
  const auth = c.req.header('authorization');
  let token: string | undefined;
  if (auth !== undefined) {
    const m = /^bearer(?:\s+(.*))?$/i.exec(auth.trim());
    if (!m) throw jwtError('PGRST301', 'Expected Bearer authorization');
    token = (m[1] ?? '').trim();
    if (!token) throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
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
