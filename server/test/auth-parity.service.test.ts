import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Supabase Auth settings GoTrue projects have (issue 14): anonymous sign-ins, keyless /auth/v1, sign-ups off,
// and GoTrue's answers where ours differed (pagination, sign-up check order, phone /verify).
let t: TestServer;
let closed: TestServer;
let n = 0;
const email = () => `parity${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

beforeAll(async () => {
  t = await startTestServer({ AUTH_ANONYMOUS_SIGN_INS: 'true', AUTH_API_KEY_REQUIRED: 'false' });
  closed = await startTestServer({ AUTH_SIGNUP_ENABLED: 'false' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await closed?.close();
});

describe('anonymous sign-in (AUTH_ANONYMOUS_SIGN_INS)', () => {
  it('gives an anonymous user a session whose token says is_anonymous, visible to SQL through auth.jwt()', async () => {
    const client = t.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { plan: 'trial' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { plan: 'trial' }, app_metadata: { provider: 'anonymous' } });
    const claims = await t.server.ctx.jwt.verify(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
    // what an RLS policy reads: the claims of the request's JWT
    const { rows } = await t.server.ctx.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      return tx.query<{ anon: boolean }>(`select (auth.jwt() ->> 'is_anonymous')::boolean as anon`);
    });
    expect(rows[0]!.anon).toBe(true);
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user!.id);
  });

  it('links an e-mail and password later with updateUser; the user keeps its id and signs in with them', async () => {
    const client = t.client();
    const { data } = await client.auth.signInAnonymously();
    const id = data.user!.id;
    const noEmail = await client.auth.updateUser({ password: PASSWORD });
    expect(noEmail.error).toMatchObject({ status: 422, message: 'Updating password of an anonymous user without an email or phone is not allowed' });
    const reauth = await client.auth.reauthenticate();
    expect(reauth.error?.message).toBe('Reauthentication requires the user to have an email or a phone number');
    const address = email();
    const linked = await client.auth.updateUser({ email: address, password: PASSWORD });
    expect(linked.error).toBeNull();
    expect(linked.data.user).toMatchObject({ id, email: address, is_anonymous: false, app_metadata: { provider: 'email' } });
    expect(linked.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(linked.data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    const again = await t.client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(id);
    expect((await t.server.ctx.jwt.verify(again.data.session!.access_token)).is_anonymous).toBe(false);
  });

  it('is refused when the setting is off (the default)', async () => {
    const { error } = await closed.client().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });
});

describe('AUTH_SIGNUP_ENABLED=false', () => {
  it('refuses sign-up with GoTrue\'s answer, while admins can still create users who then sign in', async () => {
    const address = email();
    const { data, error } = await closed.client().auth.signUp({ email: address, password: PASSWORD });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    const otp = await closed.client().auth.signInWithOtp({ email: address });
    expect(otp.error).toMatchObject({ status: 422, message: 'Signups not allowed for otp' });
    expect((await closed.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true })).error).toBeNull();
    expect((await closed.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
  });
});

describe('AUTH_API_KEY_REQUIRED', () => {
  it('false: supabase-js without an API key signs up; a wrong key is still refused', async () => {
    const keyless = createClient(t.url, 'unused', noSession);
    // supabase-js always sends its key; a client built the way auth-js's tests build theirs sends none
    const res = await fetch(`${t.url}/auth/v1/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: email(), password: PASSWORD }) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
    const wrong = await keyless.auth.signUp({ email: email(), password: PASSWORD });
    expect(wrong.error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('true (the default): a keyless call answers 401', async () => {
    const res = await fetch(`${closed.url}/auth/v1/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });
});

describe('GoTrue\'s answers', () => {
  it('listUsers with page=-1 answers 400 instead of a page of users', async () => {
    const { data, error } = await t.admin().auth.admin.listUsers({ page: -1 });
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((await t.admin().auth.admin.listUsers({ page: 1, perPage: 1 })).data.users).toHaveLength(1);
  });

  it('sign-up reports a malformed address before judging the password', async () => {
    const { error } = await t.client().auth.signUp({ email: 'a', password: '123456' });
    expect(error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
  });

  it('phone /verify: a malformed number is a format error, a well-formed one has no valid code', async () => {
    const auth = t.client().auth;
    const bad = await auth.verifyOtp({ phone: '+15550001-invalid', token: '123456', type: 'sms' });
    expect(bad.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    for (const type of ['sms', 'phone_change'] as const) {
      const none = await auth.verifyOtp({ phone: '+15550001234', token: '123456', type });
      expect(none.data.user).toBeNull();
      expect(none.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
  });
});
