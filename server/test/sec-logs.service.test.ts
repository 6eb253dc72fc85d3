import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { CLIENT_SECURITY_EVENT_TYPES } from '@app/shared';
import { WRITE_LIMITS } from '../src/rest/write-limits.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

// Issue 12 items 3–5: trustworthy operator logs, row-counting write limits, race-free caps and quotas.
// The limits server trusts X-Forwarded-For (TRUST_PROXY), so each test writes from its own client IP.

const FAR_FUTURE = '2099-01-01T00:00:00.000Z';
let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;

/** A browser-like client from `ip`, as a visitor or with a user's access token. */
function clientFrom(t: TestServer, ip: string, token?: string): SupabaseClient {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (token) headers.Authorization = `Bearer ${token}`;
  return createClient(t.url, t.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    global: { headers },
  });
}

describe(`trustworthy security log and analytics (${SERVICE_DB})`, () => {
  let t: TestServer;
  let user: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: 'true' });
    user = await createTestUser(t);
    admin = await createTestUser(t, { admin: true });
  }, 60_000);
  afterAll(() => t?.close(), 60_000);

  const auditRows = async (marker: string) =>
    ((
      await serviceClient(t)
        .from('security_audit_log')
        .select('event_type, severity, source, user_id, ip_address, created_at')
        .eq('event_details->>marker', marker)
    ).data ?? []) as Record<string, string | null>[];

  it('refuses server-style event names and error/critical severities from browsers', async () => {
    const anon = clientFrom(t, freshIp());
    const marker = randomUUID();
    for (const row of [
      { event_type: 'auth.admin.role_granted', severity: 'info' },
      { event_type: 'emergency_password_change', severity: 'warn' },
      { event_type: 'login_failed', severity: 'warn' },
      { event_type: 'client.csp_violation', severity: 'critical' },
      { event_type: 'client.csp_violation', severity: 'error' },
    ]) {
      const res = await anon.from('security_audit_log').insert({ ...row, event_details: { marker } });
      expect(res.error?.code, JSON.stringify(row)).toBe('42501');
      const signedIn = await clientFrom(t, freshIp(), user.token)
        .from('security_audit_log')
        .insert({ ...row, event_details: { marker } });
      expect(signedIn.error?.code, JSON.stringify(row)).toBe('42501');
    }
    expect(await auditRows(marker)).toEqual([]);
  });

  it('admits each named client event, and stamps time, identity, IP and source in the database', async () => {
    const marker = randomUUID();
    const ip = freshIp();
    const forged = { created_at: FAR_FUTURE, user_id: admin.id, ip_address: '8.8.8.8', source: 'server' };
    for (const event_type of CLIENT_SECURITY_EVENT_TYPES) {
      const res = await clientFrom(t, ip, user.token)
        .from('security_audit_log')
        .insert({ event_type, severity: 'warn', event_details: { marker }, ...forged });
      expect(res.error, event_type).toBeNull();
    }
    const rows = await auditRows(marker);
    expect(rows).toHaveLength(CLIENT_SECURITY_EVENT_TYPES.length);
    for (const row of rows) {
      expect(row).toMatchObject({ source: 'client', user_id: user.id, ip_address: '203.0.113.0', severity: 'warn' });
      expect(Math.abs(Date.now() - Date.parse(row.created_at!))).toBeLessThan(60_000);
    }
    // the server's own rows are marked as such
    const { rows: server } = await t.server.ctx.db.query<{ source: string }>(
      `insert into public.security_audit_log (event_type, severity) values ('test.server_event', 'critical') returning source`,
    );
    expect(server[0]!.source).toBe('server');
  });

  it('refuses a 1,000-row batch (and 11 rows) before writing anything; the database refuses it too', async () => {
    const marker = randomUUID();
    const rows = (n: number) =>
      Array.from({ length: n }, () => ({
        event_type: 'client.auth_error',
        severity: 'info',
        event_details: { marker },
        created_at: FAR_FUTURE,
      }));
    const huge = await clientFrom(t, freshIp()).from('security_audit_log').insert(rows(1000));
    expect(huge.status).toBe(413);
    expect(huge.error?.code).toBe('batch_too_large');
    expect((await clientFrom(t, freshIp()).from('security_audit_log').insert(rows(11))).status).toBe(413);
    expect(await auditRows(marker)).toEqual([]);
    // defence in depth: a browser role's statement of 11 rows fails in the database itself
    await expect(
      t.server.ctx.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'anon', true)`);
        await tx.query(
          `insert into public.security_audit_log (event_type, event_details) select 'client.auth_error', jsonb_build_object('marker', $1::text) from generate_series(1, 11)`,
          [marker],
        );
      }),
    ).rejects.toThrow(/At most 10 security log rows/);
    expect(await auditRows(marker)).toEqual([]);
  });

  it('the console tells server events from client ones (source filter and counts)', async () => {
    const clientOnly = await admin.client.from('security_audit_log').select('source').eq('source', 'client').limit(50);
    expect(clientOnly.error).toBeNull();
    expect(clientOnly.data!.length).toBeGreaterThan(0);
    expect(new Set(clientOnly.data!.map((r) => r.source))).toEqual(new Set(['client']));
    const stats = await admin.client.rpc('security_stats');
    expect(stats.error).toBeNull();
    expect(stats.data.by_source.client).toBeGreaterThan(0);
    expect(stats.data.by_source.server).toBeGreaterThan(0);
    expect(stats.data.by_source.client + stats.data.by_source.server).toBe(stats.data.total_events);
  });

  it('keeps no statistics for the payload columns, which nothing filters on (migration 0600)', async () => {
    const { rows } = await t.server.ctx.db.query<{ attname: string; target: number | null }>(
      `select attname, attstattarget::int as target from pg_attribute
        where attrelid = 'public.security_audit_log'::regclass and attnum > 0 and not attisdropped
          and attname in ('event_details', 'user_agent', 'ip_address', 'event_type') order by attname`,
    );
    // -1 (or null from PostgreSQL 17): the default target, as for the columns the console filters on
    expect(rows.map((r) => [r.attname, r.target === null || r.target < 0 ? 'default' : r.target])).toEqual([
      ['event_details', 0],
      ['event_type', 'default'],
      ['ip_address', 0],
      ['user_agent', 0],
    ]);
  });

  it('analytics: no backdating and no server-style (dotted) event names from browsers', async () => {
    const session = `s-${randomUUID()}`;
    const anon = clientFrom(t, freshIp());
    expect(
      (
        await anon
          .from('analytics_events')
          .insert({ event_type: 'page_view', event_data: {}, session_id: session, created_at: '2001-01-01T00:00:00Z' })
      ).error,
    ).toBeNull();
    expect(
      (await anon.from('analytics_events').insert({ event_type: 'page_view', event_data: {}, session_id: session, created_at: FAR_FUTURE }))
        .error,
    ).toBeNull();
    for (const event_type of ['auth.sign_in', 'admin.waitlist_invited', 'Page_View', 'auth:sign_in']) {
      expect(
        (await anon.from('analytics_events').insert({ event_type, event_data: {}, session_id: session })).error?.code,
        event_type,
      ).toBe('42501');
    }
    const { data } = await serviceClient(t).from('analytics_events').select('event_type, created_at').eq('session_id', session);
    expect(data).toHaveLength(2);
    for (const row of data!) expect(Math.abs(Date.now() - Date.parse(row.created_at))).toBeLessThan(60_000);
  });

  it('consent records: the database stamps the time; ids must be random v4 UUIDs and cannot be taken over by another account', async () => {
    const id = randomUUID();
    const choice = { necessary: true, performance: true, functional: false, targeting: false, accepted: true, consent_version: '1' };
    expect(
      (
        await clientFrom(t, freshIp())
          .from('consent_records')
          .insert({ ...choice, anonymous_id: id, created_at: '2001-01-01T00:00:00Z' })
      ).error,
    ).toBeNull();
    const { data } = await serviceClient(t).from('consent_records').select('created_at').eq('anonymous_id', id);
    expect(Math.abs(Date.now() - Date.parse(data![0]!.created_at))).toBeLessThan(60_000);
    for (const forged of ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-1fff-8fff-ffffffffffff']) {
      expect(
        (
          await clientFrom(t, freshIp())
            .from('consent_records')
            .insert({ ...choice, anonymous_id: forged })
        ).error?.code,
        forged,
      ).toBe('42501');
    }
    // an id first recorded by one account: its owner and the signed-out browser may continue it, another account not
    const owned = randomUUID();
    const other = await createTestUser(t);
    expect(
      (
        await clientFrom(t, freshIp(), user.token)
          .from('consent_records')
          .insert({ ...choice, anonymous_id: owned })
      ).error,
    ).toBeNull();
    expect(
      (
        await clientFrom(t, freshIp(), user.token)
          .from('consent_records')
          .insert({ ...choice, anonymous_id: owned })
      ).error,
    ).toBeNull();
    expect(
      (
        await clientFrom(t, freshIp())
          .from('consent_records')
          .insert({ ...choice, anonymous_id: owned })
      ).error,
    ).toBeNull();
    expect(
      (
        await clientFrom(t, freshIp(), other.token)
          .from('consent_records')
          .insert({ ...choice, anonymous_id: owned })
      ).error?.code,
    ).toBe('42501');
  });
});

describe(`write limits that count rows (${SERVICE_DB})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: 'true' });
  }, 60_000);
  afterAll(() => t?.close(), 60_000);

  it('covers every table anon or a user may insert into, and the waitlist function', async () => {
    const { rows } = await t.server.ctx.db.query<{ table_name: string }>(
      `select distinct table_name from information_schema.role_table_grants
       where table_schema = 'public' and privilege_type = 'INSERT' and grantee in ('anon', 'authenticated') order by 1`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const { table_name } of rows) expect(WRITE_LIMITS, table_name).toHaveProperty([`/${table_name}`]);
    // functions that can write (volatile) and that a browser role may call: counted, or admin-only by design
    const adminOnly = new Set(['mark_inbox_item_handled']); // require_admin() first; marks items, inserts nothing
    const fns = await t.server.ctx.db.query<{ proname: string }>(
      `select distinct p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f' and p.provolatile = 'v' and p.prorettype <> 'trigger'::regtype
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`,
    );
    expect(fns.rows.map((r) => r.proname)).toContain('join_waitlist');
    for (const { proname } of fns.rows) if (!adminOnly.has(proname)) expect(WRITE_LIMITS, proname).toHaveProperty([`/rpc/${proname}`]);
  });

  it('telemetry counts rows, not requests: twenty 30-row batches use up 600 rows per IP', async () => {
    const { perIp, maxRows } = WRITE_LIMITS['/analytics_events']!;
    expect(perIp).toBe(600);
    expect(maxRows).toBeGreaterThanOrEqual(30);
    const anon = clientFrom(t, freshIp());
    const batch = () =>
      Array.from({ length: 30 }, (_, i) => ({ event_type: 'scroll_depth', event_data: { depth: i }, session_id: 'rows' }));
    for (let i = 0; i < perIp / 30; i++) expect((await anon.from('analytics_events').insert(batch())).error, `batch ${i}`).toBeNull();
    const over = await anon.from('analytics_events').insert({ event_type: 'page_view', event_data: {}, session_id: 'rows' });
    expect(over).toMatchObject({ status: 429, error: { code: 'over_request_rate_limit' } });
    // another address is not affected
    expect((await clientFrom(t, freshIp()).from('analytics_events').insert({ event_type: 'page_view', event_data: {} })).error).toBeNull();
    // an oversized batch is refused outright and counts nothing
    const big = await clientFrom(t, freshIp())
      .from('analytics_events')
      .insert(Array.from({ length: 501 }, () => ({ event_type: 'page_view', event_data: {} })));
    expect(big.status).toBe(413);
  });

  const integration = () => ({ service_name: 'Acme CRM', description: 'Sync contacts', use_case: 'Sales follow-up' });
  const consent = () => ({
    necessary: true,
    performance: false,
    functional: false,
    targeting: false,
    accepted: true,
    anonymous_id: randomUUID(),
  });

  const cases: [string, () => Record<string, unknown>][] = [
    ['integration_requests', integration],
    ['consent_records', consent],
  ];
  for (const [table, row] of cases) {
    it(`${table}: per-IP limit, per-user limit, one row per request`, async () => {
      const { perIp, perUser } = WRITE_LIMITS[`/${table}`]!;
      expect(perIp).toBeLessThan(30); // the issue: 30 of 30 were taken
      // per IP: a visitor's address runs out; another address still works
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < perIp + 1; i++) statuses.push((await clientFrom(t, ip).from(table).insert(row())).status);
      expect(statuses.slice(0, perIp)).toEqual(Array(perIp).fill(201));
      expect(statuses[perIp]).toBe(429);
      expect((await clientFrom(t, freshIp()).from(table).insert(row())).status).toBe(201);
      // per user: moving to another address does not help a signed-in user; another user is unaffected
      const u = await createTestUser(t);
      for (let i = 0; i < perUser; i++) expect((await clientFrom(t, freshIp(), u.token).from(table).insert(row())).status).toBe(201);
      expect((await clientFrom(t, freshIp(), u.token).from(table).insert(row())).status).toBe(429);
      const v = await createTestUser(t);
      expect((await clientFrom(t, freshIp(), v.token).from(table).insert(row())).status).toBe(201);
      // batches would fill the operators' inbox in one request
      expect((await clientFrom(t, freshIp()).from(table).insert([row(), row()])).status).toBe(413);
      const { count } = await serviceClient(t).from(table).select('*', { count: 'exact', head: true });
      expect(count).toBe(perIp + 1 + perUser + 1);
    }, 60_000);
  }

  it('the service role is not limited', async () => {
    const svc = serviceClient(t);
    expect((await svc.from('integration_requests').insert(Array.from({ length: 30 }, integration))).error).toBeNull();
  });
});

// The same row counting in Redis (REDIS_URL), shared by instances. Random addresses: the Redis may be shared.
describe.skipIf(!process.env.TEST_REDIS_URL)(`write limits in Redis (${SERVICE_DB})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: 'true', REDIS_URL: process.env.TEST_REDIS_URL! });
  }, 60_000);
  afterAll(() => t?.close(), 60_000);

  it('a 10-row batch takes 10 of the 30 security-log rows an address may add', async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const rows = Array.from({ length: 10 }, () => ({ event_type: 'client.session_timeout', severity: 'info', event_details: {} }));
    for (let i = 0; i < 3; i++) expect((await clientFrom(t, ip).from('security_audit_log').insert(rows)).error, `batch ${i}`).toBeNull();
    const over = await clientFrom(t, ip).from('security_audit_log').insert(rows[0]!);
    expect(over).toMatchObject({ status: 429, error: { code: 'over_request_rate_limit' } });
  });
});

describe(`caps and plan quotas under concurrency (${SERVICE_DB})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    // Rate limits off: the database caps alone must hold.
    t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  }, 60_000);
  afterAll(() => t?.close(), 60_000);

  const count = async (table: string, userId: string) =>
    (await serviceClient(t).from(table).select('*', { count: 'exact', head: true }).eq('user_id', userId)).count;

  it('60 parallel plan requests store at most 20 (the open-request cap)', async () => {
    const u = await createTestUser(t);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => u.client.from('plan_requests').insert({ kind: 'top_up', detail: `r${i}` })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(20);
    expect(new Set(results.filter((r) => r.error).map((r) => r.error!.code))).toEqual(new Set(['42501']));
    expect(await count('plan_requests', u.id)).toBe(20);
  }, 60_000);

  it('60 parallel plan requests next to the cap store exactly the one left', async () => {
    const u = await createTestUser(t);
    const seeded = Array.from({ length: 19 }, (_, i) => ({ user_id: u.id, kind: 'top_up', detail: `seed ${i}` }));
    expect((await serviceClient(t).from('plan_requests').insert(seeded)).error).toBeNull();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => u.client.from('plan_requests').insert({ kind: 'service', detail: `r${i}` })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(await count('plan_requests', u.id)).toBe(20);
  }, 60_000);

  it('one batch cannot go past the tools cap either', async () => {
    const u = await createTestUser(t);
    const { data: apps } = await serviceClient(t).from('integrations').select('id').order('id').limit(45);
    expect(
      (
        await serviceClient(t)
          .from('user_tools')
          .insert(apps!.slice(0, 35).map((a) => ({ user_id: u.id, integration_id: a.id })))
      ).error,
    ).toBeNull();
    const batch = await u.client.from('user_tools').insert(apps!.slice(35).map((a) => ({ integration_id: a.id })));
    // The whole error in the message: a CI run once saw code '' here (a failed fetch, not a refusal).
    expect(batch.error?.code, JSON.stringify(batch.error)).toBe('42501');
    expect(await count('user_tools', u.id)).toBe(35);
    expect((await u.client.from('user_tools').insert(apps!.slice(35, 40).map((a) => ({ integration_id: a.id })))).error).toBeNull();
    expect(await count('user_tools', u.id)).toBe(40);
  }, 60_000);

  it('80 parallel canvas tools store at most 40', async () => {
    const u = await createTestUser(t);
    const { data: apps } = await serviceClient(t).from('integrations').select('id').order('id').limit(80);
    expect(apps).toHaveLength(80);
    const results = await Promise.all(apps!.map((a) => u.client.from('user_tools').insert({ integration_id: a.id })));
    expect(results.filter((r) => r.error === null)).toHaveLength(40);
    expect(await count('user_tools', u.id)).toBe(40);
  }, 60_000);

  it("50 parallel Connection Planner requests on Pro store at most the plan's 5 a month", async () => {
    const u = await createTestUser(t);
    await serviceClient(t).from('subscriptions').update({ plan_id: 'pro', status: 'active' }).eq('user_id', u.id);
    expect((await u.client.rpc('feature_limit', { feature: 'connect_anything_custom' })).data).toBe(5);
    const req = { source_app: 'Slack', target_app: 'HubSpot', description: 'New deals to #sales' };
    const results = await Promise.all(Array.from({ length: 50 }, () => u.client.from('connection_requests').insert(req)));
    expect(results.filter((r) => r.error === null)).toHaveLength(5);
    expect(await count('connection_requests', u.id)).toBe(5);
  }, 60_000);
});
