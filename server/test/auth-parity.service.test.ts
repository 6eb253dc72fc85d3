import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';

// Supabase Auth settings GoTrue projects have (issue 14): anonymous sign-ins, keyless /auth/v1, sign-ups off,
// and GoTrue's answers where ours differed (pagination, sign-up check order, phone /verify).
let t: TestServer;
let closed: TestServer;
let n = 0;
const email = () => `parity${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };
// the relying party: SITE_URL's host and origin (the server itself listens elsewhere; WebAuthn only compares strings)
const ORIGIN = 'http://localhost:5173';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
const passkeyClient = (s: TestServer, key = s.anonKey) =>
  createClient(s.url, key, {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, experimental: { passkey: true } },
  });

beforeAll(async () => {
  t = await startTestServer({ AUTH_ANONYMOUS_SIGN_INS: 'true', AUTH_API_KEY_REQUIRED: 'false', SITE_URL: ORIGIN });
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
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      user_metadata: { plan: 'trial' },
      app_metadata: { provider: 'anonymous' },
    });
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
    expect(noEmail.error).toMatchObject({
      status: 422,
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
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
  it("refuses sign-up with GoTrue's answer, while admins can still create users who then sign in", async () => {
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
    const res = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email(), password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
    const wrong = await keyless.auth.signUp({ email: email(), password: PASSWORD });
    expect(wrong.error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('true (the default): a keyless call answers 401', async () => {
    const res = await fetch(`${closed.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });
});

describe("GoTrue's answers", () => {
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

describe('passkeys (supabase.auth.passkey)', () => {
  async function registered() {
    const owner = passkeyClient(t);
    const address = email();
    const { data } = await owner.auth.signUp({ email: address, password: PASSWORD });
    const authenticator = new SoftwareAuthenticator('localhost', ORIGIN);
    const { data: options, error } = await owner.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(options!.options).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { residentKey: 'required' } });
    const created = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options),
    });
    expect(created.error).toBeNull();
    return { owner, authenticator, userId: data.user!.id, passkeyId: created.data!.id, address };
  }

  it('registers a passkey while signed in and signs in with it alone; the challenge answers once', async () => {
    const { owner, authenticator, userId, passkeyId } = await registered();
    expect((await owner.auth.passkey.list()).data).toEqual([{ id: passkeyId, created_at: expect.any(String) }]);

    const visitor = passkeyClient(t);
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    expect(options!.options.allowCredentials ?? []).toHaveLength(0);
    const assertion = authenticator.get(options!.options);
    const signedIn = await visitor.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user!.id).toBe(userId);
    expect((await visitor.auth.getUser()).data.user?.id).toBe(userId);
    const claims = await t.server.ctx.jwt.verify(signedIn.data!.session!.access_token);
    expect(claims).toMatchObject({ aal: 'aal1', amr: [{ method: 'passkey' }] });
    expect((await owner.auth.passkey.list()).data![0]!.last_used_at).toEqual(expect.any(String));

    const replay = await passkeyClient(t).auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion });
    expect(replay.error).toMatchObject({ code: 'webauthn_challenge_not_found' });
  });

  it('refuses an assertion from an unregistered authenticator, a wrong origin, or no user verification', async () => {
    const { owner } = await registered();
    const { data: reg } = await owner.auth.passkey.startRegistration();
    const stranger = new SoftwareAuthenticator('localhost', ORIGIN);
    stranger.create(reg!.options);
    const visitor = passkeyClient(t);
    const o1 = (await visitor.auth.passkey.startAuthentication()).data!;
    expect(
      (await visitor.auth.passkey.verifyAuthentication({ challengeId: o1.challenge_id, credential: stranger.get(o1.options) })).error,
    ).toMatchObject({ code: 'webauthn_verification_failed' });

    // registered from another origin, or without user verification: not accepted as a passkey
    for (const bad of [
      new SoftwareAuthenticator('localhost', 'http://evil.example'),
      new SoftwareAuthenticator('localhost', ORIGIN, 0x01),
    ]) {
      const { data: options } = await owner.auth.passkey.startRegistration();
      const res = await owner.auth.passkey.verifyRegistration({
        challengeId: options!.challenge_id,
        credential: bad.create(options!.options),
      });
      expect(res.error).toMatchObject({ code: 'webauthn_verification_failed' });
    }
    const { data: options } = await owner.auth.passkey.startRegistration();
    const unknown = await owner.auth.passkey.verifyRegistration({
      challengeId: '00000000-0000-0000-0000-000000000000',
      credential: stranger.create(options!.options),
    });
    expect(unknown.error).toMatchObject({ code: 'webauthn_challenge_not_found' });
    expect((await owner.auth.passkey.list()).data).toHaveLength(1);
    const { error } = await passkeyClient(t).auth.passkey.startRegistration();
    expect(error?.name).toBe('AuthSessionMissingError');
  });

  it('renames and deletes (own and admin); a deleted passkey no longer signs in', async () => {
    const { owner, authenticator, userId, passkeyId } = await registered();
    const renamed = await owner.auth.passkey.update({ passkeyId, friendlyName: 'Laptop' });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'Laptop' });
    expect((await owner.auth.passkey.update({ passkeyId: '00000000-0000-0000-0000-000000000000', friendlyName: 'x' })).error).toMatchObject(
      { status: 404 },
    );
    // another user cannot see or delete it
    const other = passkeyClient(t);
    await other.auth.signUp({ email: email(), password: PASSWORD });
    expect((await other.auth.passkey.list()).data).toEqual([]);
    expect((await other.auth.passkey.delete({ passkeyId })).error).toMatchObject({ status: 404 });

    const admin = passkeyClient(t, t.serviceRoleKey).auth.admin;
    expect((await admin.passkey.listPasskeys({ userId })).data!.map((p) => p.id)).toEqual([passkeyId]);
    expect((await passkeyClient(t).auth.admin.passkey.listPasskeys({ userId })).error).toMatchObject({ status: 403 });
    expect((await admin.passkey.deletePasskey({ userId, passkeyId })).error).toBeNull();
    expect((await owner.auth.passkey.list()).data).toEqual([]);

    const visitor = passkeyClient(t);
    const { data: options } = await visitor.auth.passkey.startAuthentication();
    const gone = await visitor.auth.passkey.verifyAuthentication({
      challengeId: options!.challenge_id,
      credential: authenticator.get(options!.options),
    });
    expect(gone.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });
});

/** What /factors/{id}/challenge and /verify answer (the fields these tests read). */
interface Answer {
  id: string;
  access_token: string;
  refresh_token: string;
  error_code?: string;
  webauthn: { type: string; credential_options: { publicKey: { challenge: string; user: { id: string } } } };
}

describe('WebAuthn as a second factor (mfa.webauthn)', () => {
  it('enrolls, registers the key (session rises to aal2), then challenges with it; a wrong key or replay fails', async () => {
    const client = passkeyClient(t);
    await client.auth.signUp({ email: email(), password: PASSWORD });
    const enrolled = await client.auth.mfa.webauthn.enroll({ friendlyName: 'YubiKey' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'YubiKey' });
    const factorId = enrolled.data!.id;
    const call = async (path: string, body: unknown) => {
      const token = (await client.auth.getSession()).data.session!.access_token;
      const res = await fetch(`${t.url}/auth/v1/factors/${factorId}/${path}`, {
        method: 'POST',
        headers: { apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Answer };
    };
    const rp = { rpId: 'localhost', rpOrigins: [ORIGIN] };
    expect((await call('challenge', { webauthn: { rpId: 'evil.example' } })).status).toBe(400);

    const key = new SoftwareAuthenticator('localhost', ORIGIN, 0x01);
    const create = await call('challenge', { webauthn: rp });
    expect(create.body).toMatchObject({
      type: 'webauthn',
      webauthn: { type: 'create', credential_options: { publicKey: { rp: { id: 'localhost' } } } },
    });
    const registered = await call('verify', {
      challenge_id: create.body.id,
      webauthn: { ...rp, type: 'create', credential_response: key.create(create.body.webauthn.credential_options.publicKey) },
    });
    expect(registered.status).toBe(200);
    expect(await t.server.ctx.jwt.verify(registered.body.access_token)).toMatchObject({ aal: 'aal2' });
    await client.auth.setSession({ access_token: registered.body.access_token, refresh_token: registered.body.refresh_token });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified' }),
    ]);

    const request = await call('challenge', { webauthn: rp });
    expect(request.body.webauthn.type).toBe('request');
    const options = request.body.webauthn.credential_options.publicKey;
    const wrong = await call('verify', {
      challenge_id: request.body.id,
      webauthn: { ...rp, type: 'request', credential_response: new SoftwareAuthenticator('localhost', ORIGIN).get(options) },
    });
    expect(wrong.body).toMatchObject({ error_code: 'mfa_verification_failed' });
    const again = await call('challenge', { webauthn: rp });
    const answer = {
      challenge_id: again.body.id,
      webauthn: { ...rp, type: 'request', credential_response: key.get(again.body.webauthn.credential_options.publicKey) },
    };
    expect((await call('verify', answer)).status).toBe(200);
    expect((await call('verify', answer)).body).toMatchObject({ error_code: 'mfa_factor_not_found' });

    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });
});
