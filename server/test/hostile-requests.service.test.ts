import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Issue 38: hostile inputs (long and back-referencing regexes, wildcard-heavy patterns, huge or= and in-lists, deep
 * logic trees, long query strings, deep, wide and big JSON bodies) against every write and read surface: each answer
 * is a well-formed 2xx or 4xx (never a 5xx, never a hang), and GET /api/health keeps answering beside them. The
 * figure (health p99, target 50 ms) is measured by bench/ ("hostile" case): a busy machine decides wall-clock times.
 */
let t: TestServer;
let sink: SmtpSink;
let user: TestUser;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true', SMTP_URL: sink.url });
  user = await createTestUser(t);
  // The text a back-referencing regex would take seconds on (issue 38): here, if any got through.
  const { error } = await user.client
    .from('business_profiles')
    .upsert({ user_id: user.id, business_name: 'Hostile', product_service: 'a'.repeat(401) });
  expect(error).toBeNull();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

// ---- query strings -------------------------------------------------------------------------------------------

const REGEX_ATOMS = [
  'a',
  'a*',
  '.*',
  '(a*)',
  '(a+)+',
  '\\1',
  '\\2',
  '(?=a)',
  '(?<!b)',
  '[a-z]',
  'a{1,100}',
  '(',
  ')',
  '|',
  '^',
  '$',
  '\\d+',
];
const regex = fc.oneof(
  fc.array(fc.constantFrom(...REGEX_ATOMS), { minLength: 1, maxLength: 120 }).map((xs) => xs.join('')),
  fc.integer({ min: 1, max: 3000 }).map((n) => `^(a*)*${'a'.repeat(n)}$`),
);
const likePattern = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => '*a'.repeat(n)),
  fc.integer({ min: 1, max: 2000 }).map((n) => `%${'_'.repeat(n)}%`),
);
const column = fc.constantFrom('product_service', 'business_name', 'name', 'description', 'id');
/** One filter as `col.op.value` (the form inside or=()) . */
const condition = fc.oneof(
  fc.tuple(column, fc.constantFrom('match', 'imatch', 'not.match'), regex).map(([c, op, v]) => `${c}.${op}.${v}`),
  fc.tuple(column, fc.constantFrom('like', 'ilike', 'not.ilike'), likePattern).map(([c, op, v]) => `${c}.${op}.${v}`),
  fc.tuple(column, fc.nat(100)).map(([c, n]) => `${c}.eq.${n}`),
);
const list = (n: number) => `(${Array.from({ length: n }, (_, i) => i).join(',')})`;
/** Hostile query-string pairs for /rest/v1. */
const restQuery = fc.oneof(
  fc.tuple(column, condition).map(([c, cond]) => [[c, cond.slice(cond.indexOf('.') + 1)]]),
  fc.array(condition, { minLength: 1, maxLength: 400 }).map((cs) => [['or', `(${cs.join(',')})`]]),
  fc.integer({ min: 1, max: 30 }).map((d) => [['and', `${'(or'.repeat(d)}(id.eq.1)${')'.repeat(d)}`]]),
  fc.integer({ min: 1, max: 3000 }).map((n) => [['id', `in.${list(n)}`]]),
  fc.integer({ min: 1, max: 300 }).map((n) => [['select', Array.from({ length: n }, (_, i) => `d${i}:description`).join(',')]]),
  fc.integer({ min: 1, max: 12 }).map((d) => [['select', `${'plans('.repeat(d)}*${')'.repeat(d)}`]]),
  fc.integer({ min: 1, max: 14_000 }).map((n) => [['name', `neq.${'x'.repeat(n)}`]]),
  fc
    .tuple(column, fc.array(regex, { minLength: 1, maxLength: 50 }))
    .map(([c, rs]) => [[c, `match(any).{${rs.map((r) => `"${r}"`).join(',')}}`]]),
);
/** Long and odd query strings for the other services, which read a few named parameters. */
const otherQuery = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 1, max: 14_000 }).map((n) => `?q=${'a'.repeat(n)}`),
  fc.integer({ min: 1, max: 2000 }).map((n) => `?${Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&')}`),
);

// ---- bodies --------------------------------------------------------------------------------------------------

const deepBody = fc.integer({ min: 1, max: 100_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
const deepObject = fc.integer({ min: 1, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`);
const wideBody = fc
  .integer({ min: 1, max: 30_000 })
  .map((n) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))));
const bigBody = fc.integer({ min: 1, max: 1_300_000 }).map((n) => JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(n) }));
const hostileBody = fc.oneof(
  deepBody,
  deepObject,
  wideBody,
  bigBody,
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);
/** A body in the shape a route reads, with one field made hostile. */
const shaped = (fields: Record<string, unknown>) =>
  fc.tuple(fc.constantFrom(...Object.keys(fields)), hostileBody).map(([key, bad]) => {
    // every hostile body is JSON text: it takes the place of the marker as it is
    return JSON.stringify({ ...fields, [key]: '\u0001' }).replace('"\\u0001"', () => bad);
  });
const body = (fields: Record<string, unknown>) => fc.oneof(hostileBody, shaped(fields));

// ---- surfaces ------------------------------------------------------------------------------------------------

interface Hostile {
  method: string;
  path: string;
  body?: string;
  token?: 'user' | 'anon';
}
const qs = (pairs: string[][]) => (pairs.length ? `?${new URLSearchParams(pairs as [string, string][]).toString()}` : '');
const restRead = fc
  .tuple(
    fc.constantFrom('integrations', 'business_profiles', 'plans', 'rpc/top_rated_integrations'),
    restQuery,
    fc.constantFrom('GET', 'HEAD'),
  )
  .map(([table, pairs, method]): Hostile => ({ method, path: `/rest/v1/${table}${qs(pairs)}`, token: 'user' }));
const restWrite = fc.oneof(
  // Filters that match nothing (business_name=eq.nobody) beside the hostile ones: no profile is changed or deleted.
  fc.tuple(restQuery, fc.constantFrom('PATCH', 'DELETE'), body({ business_name: 'x' })).map(([pairs, method, b]): Hostile => ({
    method,
    path: `/rest/v1/business_profiles${qs([['business_name', 'eq.nobody'], ...pairs])}`,
    body: method === 'PATCH' ? b : undefined,
    token: 'user',
  })),
  body({ feature: 'coach' }).map((b): Hostile => ({ method: 'POST', path: '/rest/v1/rpc/has_feature', body: b, token: 'user' })),
  body({ event_name: 'x', event_data: {} }).map((b): Hostile => ({
    method: 'POST',
    path: '/rest/v1/analytics_events',
    body: b,
    token: 'anon',
  })),
  fc.integer({ min: 1, max: 1000 }).map((n): Hostile => ({
    method: 'POST',
    path: '/rest/v1/analytics_events',
    body: JSON.stringify(Array.from({ length: n }, () => ({ event_name: 'hostile', event_data: { n } }))),
    token: 'anon',
  })),
);
const auth = fc.oneof(
  body({ email: 'hostile@example.com', password: 'Hostile-pass-1', data: {} }).map((b): Hostile => ({
    method: 'POST',
    path: '/auth/v1/signup',
    body: b,
  })),
  body({ email: 'hostile@example.com', password: 'x' }).map((b): Hostile => ({
    method: 'POST',
    path: '/auth/v1/token?grant_type=password',
    body: b,
  })),
  body({ email: 'hostile@example.com' }).map((b): Hostile => ({ method: 'POST', path: '/auth/v1/recover', body: b })),
  body({ email: 'hostile@example.com', create_user: false }).map((b): Hostile => ({ method: 'POST', path: '/auth/v1/otp', body: b })),
  body({ data: {} }).map((b): Hostile => ({ method: 'PUT', path: '/auth/v1/user', body: b, token: 'user' })),
  body({ type: 'signup', token_hash: 'x' }).map((b): Hostile => ({ method: 'POST', path: '/auth/v1/verify', body: b })),
);
const api = fc.oneof(
  fc
    .tuple(otherQuery, body({ name: 'Hostile', email: 'hostile@example.com', source: 'landing_page' }))
    .map(([q, b]): Hostile => ({ method: 'POST', path: `/api/waitlist${q}`, body: b })),
  body({ ids: [] }).map((b): Hostile => ({ method: 'POST', path: '/api/admin/waitlist/invite', body: b, token: 'user' })),
  otherQuery.map((q): Hostile => ({ method: 'GET', path: `/api/admin/users${q}`, token: 'user' })),
  otherQuery.map((q): Hostile => ({ method: 'GET', path: `/api/config${q}` })),
);
const functions = fc.oneof(
  body({ email: 'hostile@example.com' }).map((b): Hostile => ({ method: 'POST', path: '/functions/v1/custom-password-reset', body: b })),
  body({ email: 'hostile@example.com', newPassword: 'Hostile-pass-2' }).map((b): Hostile => ({
    method: 'POST',
    path: '/functions/v1/emergency-password-change',
    body: b,
    token: 'user',
  })),
);
const hostile = fc.oneof({ arbitrary: restRead, weight: 4 }, { arbitrary: restWrite, weight: 2 }, auth, api, functions);

// ---- health beside them --------------------------------------------------------------------------------------

/** GET /api/health one request after another until stopped: each answer's status and time. */
function probeHealth() {
  const samples: { ms: number; status: number }[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${t.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      samples.push({ ms: performance.now() - started, status: res.status });
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return samples;
    },
  };
}

describe(`hostile requests beside health (${SERVICE_DB})`, () => {
  it('answer a well-formed 2xx or 4xx while GET /api/health keeps answering', async () => {
    const tokens = { user: user.token, anon: t.anonKey };
    const probe = probeHealth();
    let samples: { ms: number; status: number }[];
    try {
      await fc.assert(
        fc.asyncProperty(hostile, async (h) => {
          const headers: Record<string, string> = { apikey: t.anonKey, 'Content-Type': 'application/json' };
          if (h.token) headers.Authorization = `Bearer ${tokens[h.token]}`;
          // A hang fails here, with the request in the message, rather than as the test's timeout.
          const res = await fetch(`${t.url}${h.path}`, { method: h.method, headers, body: h.body, signal: AbortSignal.timeout(30_000) });
          const text = await res.text();
          const label = `${h.method} ${h.path.slice(0, 300)} ${h.body?.slice(0, 200) ?? ''} -> ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, label).toBeGreaterThanOrEqual(200);
          expect(res.status, label).toBeLessThan(500);
          if (!text || h.method === 'HEAD' || res.status === 431) return; // Node's own 431 (headers over 16 kB) has no body
          const parsed = JSON.parse(text) as unknown;
          if (res.status >= 400 && h.path.startsWith('/rest/v1/'))
            expect(Object.keys(parsed as object).sort(), label).toEqual(['code', 'details', 'hint', 'message']);
        }),
        { numRuns: 150 },
      );
    } finally {
      samples = await probe.stop();
    }
    expect(samples.length).toBeGreaterThan(20);
    // Every probe answered; how fast is the bench's figure ("health beside hostile requests", p99 target 50 ms), not
    // a gate here, where a busy machine decides it (docs/decisions/0206).
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
    // The profile the regexes were aimed at is intact: nothing hostile wrote through.
    const { data } = await user.client.from('business_profiles').select('business_name').eq('user_id', user.id).single();
    expect(data).toEqual({ business_name: 'Hostile' });
  }, 600_000);
});
