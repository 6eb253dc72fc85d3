import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(async () => srv?.close());

describe('POST /api/account/delete', () => {
  it('deletes the caller, their profile rows and sessions, and audits it', async () => {
    const client = srv.client();
    const email = `delete-me-${Date.now()}@example.com`;
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    expect(error).toBeNull();
    const userId = data.user!.id;
    const token = data.session!.access_token;
    expect((await client.from('business_profiles').upsert({ user_id: userId, business_name: 'Acme' })).error).toBeNull();
    expect(
      (await client.from('user_sessions').insert({ user_id: userId, session_token: 'x'.repeat(40), is_remembered: true })).error,
    ).toBeNull();

    const res = await fetch(`${srv.url}/api/account/delete`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);

    const admin = srv.admin();
    expect((await admin.auth.admin.getUserById(userId)).data.user).toBeNull();
    expect((await admin.from('business_profiles').select('user_id').eq('user_id', userId)).data).toEqual([]);
    expect((await admin.from('user_sessions').select('id').eq('user_id', userId)).data).toEqual([]);
    const audit = await admin.from('security_audit_log').select('event_type, event_details').eq('event_type', 'account.deleted');
    expect(audit.data?.some((r) => (r.event_details as { user_id?: string }).user_id === userId)).toBe(true);
    // the old token no longer works anywhere
    expect((await client.auth.getUser(token)).error).not.toBeNull();
    expect((await fetch(`${srv.url}/api/account/delete`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
  });

  it('refuses anonymous callers', async () => {
    expect((await fetch(`${srv.url}/api/account/delete`, { method: 'POST' })).status).toBe(401);
    expect(
      (await fetch(`${srv.url}/api/account/delete`, { method: 'POST', headers: { Authorization: `Bearer ${srv.anonKey}` } })).status,
    ).toBe(401);
  });
});
