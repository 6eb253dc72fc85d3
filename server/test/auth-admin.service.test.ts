import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let n = 0;
const email = () => `admin${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('admin API with the service-role key', () => {
  it('createUser (email_confirm false blocks sign-in; true allows it), getUserById', async () => {
    const admin = t.admin().auth.admin;
    const unconfirmed = await admin.createUser({ email: email(), password: PASSWORD, user_metadata: { first_name: 'Una' } });
    expect(unconfirmed.error).toBeNull();
    expect(unconfirmed.data.user?.email_confirmed_at).toBeUndefined();
    const signIn = await t.client().auth.signInWithPassword({ email: unconfirmed.data.user!.email!, password: PASSWORD });
    expect(signIn.error).toMatchObject({ code: 'email_not_confirmed' });

    const address = email();
    const created = await admin.createUser({ email: address, password: PASSWORD, email_confirm: true, app_metadata: { plan: 'pro' } });
    expect(created.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
    const got = await admin.getUserById(created.data.user!.id);
    expect(got.data.user?.email).toBe(address);
    const dup = await admin.createUser({ email: address, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('listUsers paginates with total, nextPage and lastPage', async () => {
    const admin = t.admin().auth.admin;
    for (let i = 0; i < 3; i++) await admin.createUser({ email: email(), password: PASSWORD });
    const { count } = {
      count: Number((await t.server.ctx.db.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0]!.n),
    };
    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data).toMatchObject({ total: count, nextPage: 2, lastPage: Math.ceil(count / 2), aud: 'authenticated' });
    const page2 = await admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users[0]!.id).not.toBe(page1.data.users[0]!.id);
    const all = await admin.listUsers();
    expect(all.data.users).toHaveLength(count);
  });

  it('updateUserById changes app_metadata (reflected in new tokens) and password (signs the user out)', async () => {
    const admin = t.admin().auth.admin;
    const address = email();
    const { data } = await admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const client = t.client();
    await client.auth.signInWithPassword({ email: address, password: PASSWORD });
    const upd = await admin.updateUserById(data.user!.id, { app_metadata: { role: 'admin' }, user_metadata: { first_name: 'Root' } });
    expect(upd.data.user?.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    const refreshed = await client.auth.refreshSession();
    expect((await t.server.ctx.jwt.verify(refreshed.data.session!.access_token)).app_metadata).toMatchObject({ role: 'admin' });
    expect((await admin.updateUserById(data.user!.id, { password: 'admin-chosen-passphrase' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeTruthy();
    expect((await t.client().auth.signInWithPassword({ email: address, password: 'admin-chosen-passphrase' })).error).toBeNull();
    const weak = await admin.updateUserById(data.user!.id, { password: 'short' });
    expect(weak.error).toMatchObject({ code: 'weak_password' });
  });

  it('ban_duration bans (sign-in refused, sessions ended) and "none" lifts the ban', async () => {
    const admin = t.admin().auth.admin;
    const address = email();
    const { data } = await admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const client = t.client();
    await client.auth.signInWithPassword({ email: address, password: PASSWORD });
    const banned = await admin.updateUserById(data.user!.id, { ban_duration: '24h' });
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toMatchObject({ code: 'user_banned' });
    expect((await client.auth.refreshSession()).error).toBeTruthy();
    await admin.updateUserById(data.user!.id, { ban_duration: 'none' });
    expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
  });

  it('deleteUser removes the row; soft delete keeps an anonymised one', async () => {
    const admin = t.admin().auth.admin;
    const hard = await admin.createUser({ email: email(), password: PASSWORD });
    expect((await admin.deleteUser(hard.data.user!.id)).error).toBeNull();
    expect((await t.server.ctx.db.query('select 1 from auth.users where id = $1', [hard.data.user!.id])).rowCount).toBe(0);
    const address = email();
    const soft = await admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    expect((await admin.deleteUser(soft.data.user!.id, true)).error).toBeNull();
    const { rows } = await t.server.ctx.db.query<{ email: string; deleted_at: Date | null }>(
      'select email, deleted_at from auth.users where id = $1',
      [soft.data.user!.id],
    );
    expect(rows[0]!.deleted_at).toBeTruthy();
    expect(rows[0]!.email).not.toBe(address);
    expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('generateLink returns an action link and code without sending mail', async () => {
    const admin = t.admin().auth.admin;
    const address = email();
    await admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const { data, error } = await admin.generateLink({ type: 'magiclink', email: address });
    expect(error).toBeNull();
    expect(data.properties!.action_link).toContain('/auth/v1/verify?token=');
    expect(data.properties!.verification_type).toBe('magiclink');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    const v = await t.client().auth.verifyOtp({ email: address, token: data.properties!.email_otp, type: 'magiclink' });
    expect(v.error).toBeNull();
    const rec = await admin.generateLink({ type: 'recovery', email: email() });
    expect(rec.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it("admin mfa.listFactors lists a user's factors", async () => {
    const admin = t.admin().auth.admin;
    const address = email();
    const { data } = await admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const client = t.client();
    await client.auth.signInWithPassword({ email: address, password: PASSWORD });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    const list = await admin.mfa.listFactors({ userId: data.user!.id });
    expect(list.error).toBeNull();
    expect(list.data?.factors.map((f) => f.id)).toEqual([enrolled.data!.id]);
    const del = await admin.mfa.deleteFactor({ userId: data.user!.id, id: enrolled.data!.id });
    expect(del.error).toBeNull();
  });

  it('writes audit rows for admin actions', async () => {
    const { rows } = await t.server.ctx.db.query<{ event_type: string }>(
      `select distinct event_type from public.security_audit_log where event_type like 'auth.admin.%'`,
    );
    expect(rows.map((r) => r.event_type)).toEqual(
      expect.arrayContaining([
        'auth.admin.user_created',
        'auth.admin.user_updated',
        'auth.admin.user_deleted',
        'auth.admin.link_generated',
      ]),
    );
  });
});

describe('admin API without the service-role key', () => {
  it('refuses the anon key and user tokens with not_admin, and no token at all', async () => {
    const anon = t.client();
    const r = await anon.auth.admin.listUsers();
    expect(r.error).toBeInstanceOf(AuthApiError);
    expect(r.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const address = email();
    await t.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const { data } = await anon.auth.signInWithPassword({ email: address, password: PASSWORD });
    const res = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('not_admin');
    const invite = await fetch(`${t.url}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: t.anonKey },
      body: JSON.stringify({ email: email() }),
    });
    expect(invite.status).toBe(401);
    const updateApp = await anon.auth.updateUser({ data: {} });
    expect(updateApp.error).toBeNull();
  });
});
