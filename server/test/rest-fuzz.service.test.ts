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
  t = await startTestServer({
    RATE_LIMIT_DISABLED: 'true',
    REST_EXPLAIN_ENABLED: 'true',
    REST_AGGREGATES_ENABLED: 'true',
    REST_SCHEMAS: 'public,auth',
  });
  // A computed field and a function as relationship, so the fuzz reaches the row-function grammar too.
  await t.server.ctx.db.exec(`
    create function public.fz_label(public.integrations) returns text language sql stable as $$ select upper($1.name) $$;
    create function public.fz_plans(it public.integrations) returns setof public.plans language sql stable as $$ select * from public.plans $$;
    -- Three levels of keys, two of them to the same parent (ambiguous without a hint), for nested embeds and hints.
    create table public.fz_parent (id int primary key, name text);
    create table public.fz_child (id int primary key, parent_id int references public.fz_parent (id),
      other_parent int references public.fz_parent (id), amount numeric);
    create table public.fz_grandchild (id int primary key, child_id int references public.fz_child (id), note text);
    insert into public.fz_parent values (1, 'p1'), (2, 'p2');
    insert into public.fz_child values (1, 1, 2, 10), (2, 1, null, 5), (3, 2, 1, null);
    insert into public.fz_grandchild values (1, 1, 'g1'), (2, 3, null);
    grant select, insert, update, delete on public.fz_parent, public.fz_child, public.fz_grandchild to authenticated;
  `);
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
    // grammar of issue 17: related order, function embeds, computed-field-like names
    'plans(name).desc',
    'nope(id)',
    'id(x).asc',
    'has_feature(*)',
    'top_rated_integrations(id)',
    'id,nope(*)',
    'id,fz_label,fz_plans(*)',
    'fz_label.desc',
    'fz_plans(name)',
    'fz_label,x:fz_plans!inner(id)',
    // nested embeds, hints, aggregates and spread
    'id,fz_child(id,fz_grandchild(*))',
    'name,fz_child!inner(amount,fz_grandchild!inner(note))',
    'fz_child!fz_child_parent_id_fkey(*)',
    'fz_child!other_parent(id)',
    'fz_child(*)',
    '*,fz_parent!parent_id(name)',
    '*,fz_parent(*)',
    'p:fz_parent!fz_child_other_parent_fkey!inner(id)',
    '...fz_parent!parent_id(name)',
    '...fz_child(id)',
    'id,...fz_grandchild(note)',
    'count()',
    'amount.sum(),parent_id',
    'amount.avg()::int,total:amount.max()',
    'name,fz_child(amount.sum(),count())',
    'id.count(),fz_parent!parent_id(name)',
    'amount.sum().x',
    'a(b(c(d(e(f(g(h(*))))))))',
    'fz_child(fz_grandchild(fz_child(fz_grandchild(fz_child(*)))))',
    'x!y!z(*)',
    '...(*)',
    'count()()',
  ),
);
// Media types and profiles, valid and not (header values stay ASCII: fetch refuses others before sending).
const accept = fc.constantFrom(
  undefined,
  'text/csv',
  'application/geo+json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.array+json;nulls=stripped',
  'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose|settings|buffers|wal',
  'application/vnd.pgrst.plan; for="application/geo+json"',
  'application/vnd.pgrst.plan+text; for="nope"',
  'image/png',
  'text/csv, "application/json',
);
const profile = fc.constantFrom(undefined, 'public', 'auth', 'pg_catalog', 'nope', '"public"');
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
    'fz_label',
    'fz_plans.order',
    'fz_plans.name',
    'fz_child.order',
    'fz_child.limit',
    'fz_child.amount',
    'fz_child.fz_grandchild.note',
    'amount',
    'parent_id',
  ),
  fc.string({ maxLength: 12 }),
);
const table = fc.constantFrom(
  'integrations',
  'business_profiles',
  'plans',
  'fz_parent',
  'fz_child',
  'rpc/top_rated_integrations',
  'rpc/has_feature',
  'nope',
);

describe(`hostile query strings (${SERVICE_DB})`, () => {
  it('answers 2xx or 4xx with a PostgREST error body, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        table,
        fc.array(fc.tuple(key, value), { maxLength: 5 }),
        fc.constantFrom('GET', 'HEAD', 'DELETE', 'PATCH', 'PUT'),
        accept,
        profile,
        async (tbl, pairs, method, acceptHeader, profileHeader) => {
          const qs = new URLSearchParams(pairs).toString();
          const verb = tbl.startsWith('rpc/') && method !== 'HEAD' ? 'GET' : method;
          const res = await fetch(`${t.url}/rest/v1/${tbl}?${qs}`, {
            method: verb,
            headers: {
              apikey: t.anonKey,
              Authorization: `Bearer ${user.token}`,
              'Content-Type': 'application/json',
              ...(acceptHeader ? { Accept: acceptHeader } : {}),
              ...(profileHeader ? { 'Accept-Profile': profileHeader, 'Content-Profile': profileHeader } : {}),
            },
            body:
              verb === 'PATCH' ? JSON.stringify({ business_name: 'x' }) : verb === 'PUT' ? JSON.stringify({ id: 1, name: 'x' }) : undefined,
          });
          const text = await res.text();
          expect(res.status, `${method} ${tbl}?${qs} (${acceptHeader}, ${profileHeader}) -> ${text}`).toBeLessThan(500);
          if (res.status >= 400 && method !== 'HEAD')
            expect(Object.keys(JSON.parse(text)).sort()).toEqual(['code', 'details', 'hint', 'message']);
        },
      ),
      { numRuns: SERVICE_DB === 'postgres' ? 300 : 200 },
    );
    const { count } = await user.client.from('integrations').select('*', { count: 'exact', head: true });
    expect(count).toBe(124);
  }, 120_000);
});
