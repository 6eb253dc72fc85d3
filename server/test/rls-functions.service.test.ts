import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient, type TestUser } from './tokens.js';

// Server-stamped identity, lifetimes and limits, and the admin-only RPCs.
let t: TestServer;
let anon: SupabaseClient;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  anon = anonClient(t);
  user = await createTestUser(t);
  admin = await createTestUser(t, { admin: true });
});
afterAll(() => t?.close());

const latest = async (table: string) =>
  (await serviceClient(t).from(table).select('*').order('created_at', { ascending: false }).limit(1).single()).data as Record<
    string,
    unknown
  >;

describe(`identity stamping (${SERVICE_DB})`, () => {
  it('takes user, IP and user agent from the request, never from the body', async () => {
    const forged = { user_id: admin.id, ip_address: '8.8.8.8', user_agent: 'forged' };
    expect(
      (await anon.from('analytics_events').insert({ event_type: 'page_view', event_data: { path: '/' }, ...forged })).error,
    ).toBeNull();
    expect(await latest('analytics_events')).toMatchObject({ user_id: null, ip_address: '127.0.0.0', event_type: 'page_view' });
    expect(
      (await user.client.from('security_audit_log').insert({ event_type: 'client.auth_error', event_details: {}, ...forged })).error,
    ).toBeNull();
    const row = await latest('security_audit_log');
    expect(row).toMatchObject({ user_id: user.id, ip_address: '127.0.0.0' });
    expect(row.user_agent).not.toBe('forged');
  });

  it('limits event types and sizes', async () => {
    // a name that is not snake_case is refused by the insert policy (issue 12: no server-style names) before the check
    expect((await anon.from('analytics_events').insert({ event_type: 'drop table', event_data: {} })).error?.code).toBe('42501');
    expect((await anon.from('analytics_events').insert({ event_type: 'x', event_data: { big: 'y'.repeat(20_000) } })).error?.code).toBe(
      '23514',
    );
    expect((await anon.from('analytics_events').insert({ event_type: 'x', event_data: [1, 2] })).error?.code).toBe('23514');
  });

  it('sets session lifetimes on the server: 8 hours, or 30 days when remembered', async () => {
    const far = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const { data: short } = await user.client
      .from('user_sessions')
      .insert({ session_token: `s-${Date.now()}-a-token`, expires_at: far, device_fingerprint: 'x'.repeat(40) })
      .select('expires_at, device_fingerprint, user_id')
      .single();
    expect(Date.parse(short!.expires_at) - Date.now()).toBeLessThanOrEqual(8 * 3600e3);
    expect(short!.device_fingerprint).toHaveLength(32);
    expect(short!.user_id).toBe(user.id);
    const { data: long } = await user.client
      .from('user_sessions')
      .insert({ session_token: `s-${Date.now()}-b-token`, is_remembered: true, expires_at: far })
      .select('expires_at')
      .single();
    const ms = Date.parse(long!.expires_at) - Date.now();
    expect(ms).toBeGreaterThan(29 * 86_400_000);
    expect(ms).toBeLessThanOrEqual(30 * 86_400_000);
    const spoof = await user.client.from('user_sessions').insert({ user_id: admin.id, session_token: `s-${Date.now()}-c-token` });
    expect(spoof.error?.code).toBe('42501');
  });
});

describe(`admin functions (${SERVICE_DB})`, () => {
  it('refuses visitors (401) and users (403)', async () => {
    for (const fn of ['analytics_stats', 'security_stats', 'admin_overview']) {
      expect(await anon.rpc(fn)).toMatchObject({ status: 401, error: { code: '42501' } });
      expect(await user.client.rpc(fn)).toMatchObject({ status: 403, error: { code: '42501' } });
    }
  });

  it('returns analytics: total, top 10 types, latest 50 (of at most 1000)', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ event_type: `type_${i % 12}`, event_data: { i } }));
    expect((await serviceClient(t).from('analytics_events').insert(rows)).error).toBeNull();
    const { data, error } = await admin.client.rpc('analytics_stats');
    expect(error).toBeNull();
    expect(data.top_event_types).toHaveLength(10);
    expect(data.latest).toHaveLength(50);
    expect(data.total_events).toBeGreaterThanOrEqual(60);
    const one = await admin.client.rpc('analytics_stats', { p_event_type: 'type_3' });
    expect(one.data.total_events).toBe(5);
  });

  it('returns security statistics by severity and for the service role', async () => {
    const { data } = await serviceClient(t).rpc('security_stats');
    expect(data.by_severity).toEqual(expect.objectContaining({ info: expect.any(Number), critical: expect.any(Number) }));
    expect(data.latest.length).toBeLessThanOrEqual(50);
  });

  it('marks inbox items handled', async () => {
    await anon.from('contact_messages').insert({ name: 'V', email: 'v@example.com', message: 'Hello' });
    const msg = await latest('contact_messages');
    expect(msg.status).toBe('new');
    expect(await user.client.rpc('mark_inbox_item_handled', { p_kind: 'contact_message', p_id: msg.id })).toMatchObject({ status: 403 });
    expect((await admin.client.rpc('mark_inbox_item_handled', { p_kind: 'contact_message', p_id: msg.id })).data).toBe(true);
    expect((await latest('contact_messages')).status).toBe('handled');
    expect((await admin.client.rpc('admin_overview')).data).toMatchObject({ new_contact_messages: 0 });
  });
});
