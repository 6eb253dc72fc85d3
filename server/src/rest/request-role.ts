import type { Context } from 'hono';
import { JwtError, type JwtClaims, type JwtVerifier } from '../accounts/index.js';
import { readAuthorization } from '../http/bearer.js';
import { RestError } from './errors.js';

/** The database roles a token may select; any other role claim is refused (we never SET ROLE to anything else). */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: JwtClaims;
}

/** service_role: the server's own key, never in a browser; exempt from the pattern rules of query-limits.ts. */
export const isTrusted = (caller: Caller) => caller.role === 'service_role';

const jwtError = (code: 'PGRST301' | 'PGRST303', message: string) =>
  new RestError(
    401,
    { code, message, details: null, hint: null },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
  );

/**
 * Who is calling, from `Authorization: Bearer <jwt>` or else the `apikey` header/param (PostgREST + Supabase gateway):
 * no token = anon; the anon key = anon; a user's access token = authenticated; the service key = service_role.
 */
export async function resolveCaller(c: Context, jwt: JwtVerifier): Promise<Caller> {
  const auth = readAuthorization(c);
  let token: string | undefined;
  if (auth.scheme !== 'absent') {
    if (auth.scheme === 'other') throw jwtError('PGRST301', 'Expected Bearer authorization');
    token = auth.token;
    if (!token) throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  } else {
    token = c.req.header('apikey') || new URL(c.req.url).searchParams.get('apikey') || undefined;
  }
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  let claims: JwtClaims;
  try {
    claims = await jwt.verify(token);
  } catch (err) {
    if (err instanceof JwtError && err.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
    throw jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
  if (!API_ROLES.has(claims.role)) {
    throw new RestError(
      401,
      { code: '22023', message: `role "${claims.role}" does not exist`, details: null, hint: null },
      { 'WWW-Authenticate': 'Bearer' },
    );
  }
  return { role: claims.role, claims };
}
