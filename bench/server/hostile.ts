import type { Availability } from '../lib/types.js';
import { passwordGrant } from './accounts.js';
import type { CaseEnv, ServerCase } from './cases.js';
import { call, describeAnswer, supabaseHeaders } from './http.js';
import type { LoadRequest } from './load.js';

/**
 * Issue 38: requests the server must refuse at once, each a 4xx by design (so the load row counts every answer as an
 * error): a signed-in user's back-referencing regex on the 401-character profile text that held PGlite's only
 * connection for 9.5 s, 101 or= conditions, a 9 kB query string, a 100,000-level JSON nest to /auth/v1 and
 * /rest/v1, a 30,000-key body to /api. run-server-part.ts measures GET /api/health beside them (row
 * "health+hostile", target p99 ≤ 50 ms).
 */
const BACK_REFERENCE = encodeURIComponent('match.^(a*)(a*)(a*)\\3\\2\\1b$');
const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

function hostileRequests(env: CaseEnv, token: string): LoadRequest[] {
  const signedIn = supabaseHeaders(env.target, token);
  const anon = supabaseHeaders(env.target);
  const ors = Array.from({ length: 101 }, (_, i) => `id.eq.${i}`).join(',');
  return [
    { method: 'GET', path: `/rest/v1/business_profiles?select=user_id&product_service=${BACK_REFERENCE}`, headers: signedIn },
    { method: 'GET', path: `/rest/v1/integrations?select=id&or=(${ors})`, headers: anon },
    { method: 'GET', path: `/rest/v1/integrations?select=id&name=neq.${'x'.repeat(9000)}`, headers: anon },
    { method: 'POST', path: '/auth/v1/signup', headers: anon, body: `{"email":"deep@example.com","password":"x","data":${nest(100_000)}}` },
    { method: 'POST', path: '/rest/v1/rpc/has_feature', headers: signedIn, body: `{"feature":${nest(100_000)}}` },
    {
      method: 'POST',
      path: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, i]))),
    },
  ];
}

export const hostileCase: ServerCase = {
  id: 'hostile',
  title: 'Hostile requests, each refused (back-reference regex, 101 or= terms, 9 kB query, deep and wide JSON)',
  async prepare(env) {
    const { target, user, userAvailability } = env;
    if (!user) return { availability: userAvailability };
    const grant = await passwordGrant(target, user);
    if (!grant.accessToken) return { availability: { available: false, reason: `sign-in: ${describeAnswer(grant.answer)}` } };
    const token = grant.accessToken;
    const sub = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const profile = await call(target, 'POST', '/rest/v1/business_profiles?on_conflict=user_id', {
      body: { user_id: sub, product_service: 'a'.repeat(401) },
      token,
      headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
    });
    if (profile.status >= 300) return { availability: { available: false, reason: `profile: ${describeAnswer(profile)}` } };
    const requests = hostileRequests(env, token);
    // Each must be refused (4xx), quickly: a server without the limits would run the regex instead.
    let availability: Availability = { available: true };
    for (const r of requests) {
      const res = await fetch(`${target.url}${r.path!}`, {
        method: r.method,
        headers: r.headers as Record<string, string>,
        body: r.body as string | undefined,
      });
      await res.arrayBuffer();
      if (res.status < 400 || res.status >= 500)
        availability = { available: false, reason: `${r.method} ${r.path!.slice(0, 60)}: HTTP ${res.status}` };
    }
    return { availability, requests };
  },
  noReference: 'every request is refused before any SQL runs',
};
