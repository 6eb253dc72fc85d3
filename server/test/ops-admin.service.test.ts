import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let t: TestServer;
let smtp: SmtpSink;
let adminToken: string;
let adminId: string;
let userToken: string;
let userId: string;
const PASSWORD = 'Op3rator-Console-Pw!';

async function makeUser(email: string, admin: boolean) {
  const { data, error } = await t
    .admin()
    .auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, app_metadata: admin ? { role: 'admin' } : {} });
  if (error) throw error;
  const signIn = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user!.id, token: signIn.data.session!.access_token };
}

const api = (path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${t.url}/api/admin${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: 'true' });
  ({ id: adminId, token: adminToken } = await makeUser('boss@example.com', true));
  ({ id: userId, token: userToken } = await makeUser('plain@example.com', false));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe(`operators' API access (${SERVICE_DB})`, () => {
  it.each(['/users', '/analytics/summary', '/security/failed-sign-ins'])(
    'refuses %s without a token (401) and to non-admins (403)',
    async (p) => {
      expect((await api(p, undefined)).status).toBe(401);
      const res = await api(p, userToken);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'not_admin', message: 'Admin access required' });
      expect((await api(p, t.anonKey)).status).toBe(403);
      expect((await api(p, adminToken)).status).toBe(200);
    },
  );

  it('refuses a forged admin claim', async () => {
    const forged = await t.server.ctx.jwt.sign({
      role: 'authenticated',
      sub: userId,
      app_metadata: { role: 'admin' },
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    expect((await api('/users', forged)).status).toBe(403);
  });
});

describe(`waitlist invitations (${SERVICE_DB})`, () => {
  it('invites the selected subscribers, marks them invited and audits it', async () => {
    for (const [name, email] of [
      ['Ivy Invite', 'ivy@example.com'],
      ['Ned Notyet', 'ned@example.com'],
    ] as const) {
      const res = await fetch(`${t.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, email }),
      });
      expect(res.status).toBe(201);
    }
    const { data: subs } = await t
      .admin()
      .from('ebook_subscribers')
      .select('id, email')
      .in('email', ['ivy@example.com', 'ned@example.com']);
    const ivy = subs!.find((s) => s.email === 'ivy@example.com')!;
    expect((await api('/waitlist/invite', userToken, { body: { ids: [ivy.id] } })).status).toBe(403);

    const res = await api('/waitlist/invite', adminToken, { body: { ids: [ivy.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: [{ id: ivy.id, email: 'ivy@example.com', outcome: 'invited' }], missing: [] });
    const invite = await smtp
      .waitFor('ivy@example.com', 5000)
      .then(async (m) => (m.subject.includes('waitlist') ? smtp.waitFor('ivy@example.com', 5000) : m));
    expect(invite.text).toContain('/auth/v1/verify');
    const { data: after } = await t
      .admin()
      .from('ebook_subscribers')
      .select('email, status')
      .in('email', ['ivy@example.com', 'ned@example.com'])
      .order('email');
    expect(after).toEqual([
      { email: 'ivy@example.com', status: 'invited' },
      { email: 'ned@example.com', status: 'waiting' },
    ]);
    const { rows } = await t.server.ctx.db.query(
      `select user_id, details from (select user_id, event_details as details from public.security_audit_log where event_type = 'admin.waitlist_invited') a`,
    );
    expect(rows).toEqual([{ user_id: adminId, details: expect.objectContaining({ invited: 1, requested: 1 }) }]);
  });

  it('reports subscribers who already have an account and validates the ids', async () => {
    await fetch(`${t.url}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Plain', email: 'PLAIN@example.com' }),
    });
    const { data } = await t.admin().from('ebook_subscribers').select('id').eq('email', 'plain@example.com').single();
    const res = await api('/waitlist/invite', adminToken, { body: { ids: [data!.id] } });
    expect(((await res.json()) as { results: { outcome: string }[] }).results[0]!.outcome).toBe('already_registered');
    expect((await api('/waitlist/invite', adminToken, { body: { ids: ['nope'] } })).status).toBe(400);
    expect((await api('/waitlist/invite', adminToken, { body: { ids: [] } })).status).toBe(400);
  });
});

describe(`user management (${SERVICE_DB})`, () => {
  it('lists and searches users', async () => {
    const res = await api('/users?q=PLAIN', adminToken);
    const body = (await res.json()) as { users: { id: string; email: string; is_admin: boolean }[]; total: number };
    expect(body.total).toBe(1);
    expect(body.users[0]).toMatchObject({ id: userId, email: 'plain@example.com', is_admin: false });
    const all = (await (await api('/users?per_page=1&page=2', adminToken)).json()) as { users: unknown[]; total: number };
    expect(all.users).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('grants and revokes admin; an admin cannot revoke themself', async () => {
    const other = await makeUser('second-admin@example.com', false);
    expect((await api(`/users/${other.id}/admin`, adminToken, { body: { admin: true } })).status).toBe(200);
    // a fresh sign-in carries the new claim and is let in
    const again = await t.client().auth.signInWithPassword({ email: 'second-admin@example.com', password: PASSWORD });
    expect((await api('/users', again.data.session!.access_token)).status).toBe(200);
    expect((await api(`/users/${other.id}/admin`, adminToken, { body: { admin: false } })).status).toBe(200);
    // the old token still claims admin, but the stored role is gone
    expect((await api('/users', again.data.session!.access_token)).status).toBe(403);
    expect((await api(`/users/${adminId}/admin`, adminToken, { body: { admin: false } })).status).toBe(422);
    expect((await api(`/users/00000000-0000-4000-8000-000000000000/admin`, adminToken, { body: { admin: true } })).status).toBe(404);
    expect((await api(`/users/${other.id}/admin`, adminToken, { body: { admin: 'yes' } })).status).toBe(400);
  });

  it('bans (sign-in refused) and unbans a user', async () => {
    const victim = await makeUser('ban-me@example.com', false);
    const ban = await api(`/users/${victim.id}/ban`, adminToken, { body: { banned: true } });
    expect(((await ban.json()) as { banned_until: string }).banned_until).toBeTruthy();
    const refused = await t.client().auth.signInWithPassword({ email: 'ban-me@example.com', password: PASSWORD });
    expect(refused.error).toBeTruthy();
    await api(`/users/${victim.id}/ban`, adminToken, { body: { banned: false } });
    const ok = await t.client().auth.signInWithPassword({ email: 'ban-me@example.com', password: PASSWORD });
    expect(ok.error).toBeNull();
    expect((await api(`/users/${adminId}/ban`, adminToken, { body: { banned: true } })).status).toBe(422);
  });

  it('resets MFA by removing every factor, audited', async () => {
    const u = await makeUser('mfa-user@example.com', false);
    await t.server.ctx.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values (gen_random_uuid(), $1, 'phone app', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [u.id],
    );
    const res = await api(`/users/${u.id}/reset-mfa`, adminToken, { body: {} });
    expect(await res.json()).toEqual({ id: u.id, factors_removed: 1 });
    const { rows } = await t.server.ctx.db.query('select count(*)::int as n from auth.mfa_factors where user_id = $1', [u.id]);
    expect(rows[0]).toEqual({ n: 0 });
    const audit = await t.server.ctx.db.query(
      `select user_id, event_details from public.security_audit_log where event_type = 'admin.mfa_reset'`,
    );
    expect(audit.rows[0]).toMatchObject({ user_id: adminId, event_details: { target_user_id: u.id, factors_removed: 1 } });
  });
});

describe(`statistics (${SERVICE_DB})`, () => {
  it('aggregates page views, the scroll funnel and the engaged rate over the period', async () => {
    const db = t.server.ctx.db;
    const ev = (type: string, data: Record<string, unknown>, session: string, age = '0 days') =>
      db.query(
        `insert into public.analytics_events (event_type, event_data, session_id, created_at) values ($1, $2, $3, now() - $4::interval)`,
        [type, JSON.stringify(data), session, age],
      );
    await ev('page_view', { page_path: '/' }, 's1');
    await ev('page_view', { page_path: '/pricing' }, 's1');
    await ev('page_view', { page_path: '/' }, 's2');
    await ev('page_view', { page_path: '/' }, 'old', '40 days');
    await ev('scroll_depth', { depth: 25 }, 's1');
    await ev('scroll_depth', { depth: 25 }, 's1');
    await ev('scroll_depth', { depth: 50 }, 's1');
    await ev('scroll_depth', { depth: 25 }, 's2');
    await ev('engaged_user', { page_path: '/' }, 's1');
    const s = (await (await api('/analytics/summary?days=30', adminToken)).json()) as Record<string, unknown>;
    expect(s.page_views).toEqual([
      { path: '/', count: 2 },
      { path: '/pricing', count: 1 },
    ]);
    expect(s.scroll_funnel).toEqual([
      { depth: 25, sessions: 2 },
      { depth: 50, sessions: 1 },
      { depth: 75, sessions: 0 },
      { depth: 100, sessions: 0 },
    ]);
    expect(s).toMatchObject({ sessions: 2, engaged_sessions: 1, engaged_rate: 0.5, days: 30 });
    expect(s.totals).toEqual(
      [
        { event_type: 'page_view', count: 3 },
        { event_type: 'scroll_depth', count: 4 },
        { event_type: 'engaged_user', count: 1 },
      ].sort((a, b) => b.count - a.count || a.event_type.localeCompare(b.event_type)),
    );
    expect((s.daily as unknown[]).length).toBe(30);
    expect((await api('/analytics/summary?days=0', adminToken)).status).toBe(400);
  });

  it('re-analyses analytics events without their payloads, from a small sample (migration 0550)', async () => {
    const db = t.server.ctx.db;
    await db.exec('analyze public.analytics_events');
    const { rows } = await db.query<{ attname: string }>(
      `select attname from pg_stats where schemaname = 'public' and tablename = 'analytics_events' order by attname`,
    );
    const columns = rows.map((r) => r.attname);
    // what queries filter on keeps statistics; the jsonb payload and the request stamps do not
    expect(columns).toEqual(expect.arrayContaining(['created_at', 'event_type', 'session_id']));
    expect(columns).not.toContain('event_data');
    expect(columns).not.toContain('user_agent');
  });

  it('counts failed sign-ins per day', async () => {
    await t.client().auth.signInWithPassword({ email: 'plain@example.com', password: 'wrong-password' });
    await t.client().auth.signInWithPassword({ email: 'nobody@example.com', password: 'wrong-password' });
    const body = (await (await api('/security/failed-sign-ins?days=7', adminToken)).json()) as { series: { day: string; count: number }[] };
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)!.count).toBe(2);
  });
});
