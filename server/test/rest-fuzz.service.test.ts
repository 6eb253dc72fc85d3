import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, type TestUser } from './tokens.js';

/**
 * Random and hostile query strings against the real server: every answer is a success or a 4xx in
 * PostgREST's shape, never a 500; and afterwards the tables are intact (nothing from a value ran as SQL).
 */
let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  user = await createTestUser(t);
});
afterAll(() => t?.close());

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "'; drop table public.integrations; --",
    '1 or 1=1',
    '"',
    '\\"',
    ')',
    '(,)',
    '{a,"b}',
    '*',
    '%',
    '\u0000',
    '$1',
    '->',
    '::text',
    'null',
    'not.is.null',
    '(1,2',
    'eq.1',
  ),
);
const value = fc.oneof(
  hostile,
  fc
    .tuple(
      fc.constantFrom(
        'eq',
        'neq',
        'gt',
        'lte',
        'like',
        'ilike',
        'in',
        'is',
        'cs',
        'ov',
        'fts',
        'match',
        'not.eq',
        'not.in',
        'eq(any)',
        'wfts(english)',
        'bogus',
      ),
      hostile,
    )
    .map(([op, v]) => `${op}.${v}`),
);
const key = fc.oneof(
  fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'columns', 'on_conflict'),
  fc.constantFrom(
    'id',
    'name',
    'rating',
    'actions',
    'popular',
    'created_at',
    'description',
    'preferences->>theme',
    'goals',
    'nope',
    '"id"',
    'id;drop',
  ),
  fc.string({ maxLength: 12 }),
);
const table = fc.constantFrom('integrations', 'business_profiles', 'plans', 'rpc/top_rated_integrations', 'rpc/has_feature', 'nope');

describe(`hostile query strings (${SERVICE_DB})`, () => {
  it('answers 2xx or 4xx with a PostgREST error body, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        table,
        fc.array(fc.tuple(key, value), { maxLength: 5 }),
        fc.constantFrom('GET', 'HEAD', 'DELETE', 'PATCH'),
        async (tbl, pairs, method) => {
          const qs = new URLSearchParams(pairs).toString();
          const verb = tbl.startsWith('rpc/') && method !== 'HEAD' ? 'GET' : method;
          const res = await fetch(`${t.url}/rest/v1/${tbl}?${qs}`, {
            method: verb,
            headers: { apikey: t.anonKey, Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
            body: verb === 'PATCH' ? JSON.stringify({ business_name: 'x' }) : undefined,
          });
          const text = await res.text();
          expect(res.status, `${method} ${tbl}?${qs} -> ${text}`).toBeLessThan(500);
          if (res.status >= 400 && method !== 'HEAD')
            expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
        },
      ),
      { numRuns: SERVICE_DB === 'postgres' ? 300 : 200 },
    );
    const { count } = await user.client.from('integrations').select('*', { count: 'exact', head: true });
    expect(count).toBe(124);
  });
});
