import { createClient, AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type Mail, type SmtpSink } from './smtp-sink.js';

let t: TestServer;
let sink: SmtpSink;
let site: string;
let n = 0;
const email = () => `mail${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestServer({
    SMTP_URL: sink.url,
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
    AUTH_EMAIL_LINKS: 'verify',
    BRAND_NAME: 'Test Brand',
    AUTH_ADDITIONAL_REDIRECT_URLS: 'https://app.example.org/**',
  });
  site = t.server.ctx.config.SITE_URL;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
const pkceClient = () =>
  createClient(t.url, t.anonKey, {
    auth: { flowType: 'pkce', storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false },
  });

const linkIn = (m: Mail) => m.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)![0];
const codeIn = (m: Mail) => m.text.match(/Code: (\d{6})/)![1]!;
const follow = async (link: string) => {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
};
const fragment = (u: URL) => new URLSearchParams(u.hash.slice(1));

describe('e-mail confirmation (AUTH_REQUIRE_EMAIL_CONFIRMATION=true)', () => {
  it('signUp returns the user without a session and mails a link that confirms and lands on SITE_URL/dashboard', async () => {
    const address = email();
    const { data, error } = await t.client().auth.signUp({ email: address, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(address);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const mail = await sink.waitFor(address);
    expect(mail.subject).toBe('Confirm your Test Brand account');
    expect(mail.text).toContain(site);
    expect(mail.html).toContain('Test Brand');
    expect(mail.html).toContain('<a href="');

    const before = await t.client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(before.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const link = linkIn(mail);
    const landed = await follow(link);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${site}/dashboard`);
    const f = fragment(landed);
    expect(f.get('type')).toBe('signup');
    expect(f.get('token_type')).toBe('bearer');
    const me = await t.client().auth.getUser(f.get('access_token')!);
    expect(me.data.user?.email_confirmed_at).toBeTruthy();
    expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();

    // single use: the same link now comes back with an error in the fragment
    const again = fragment(await follow(link));
    expect(again.get('error_code')).toBe('otp_expired');
    expect(again.get('error')).toBe('access_denied');
    expect(again.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it("PKCE sign-up (the front end's flow): the link lands on /dashboard?code= and exchangeCodeForSession signs in", async () => {
    const address = email();
    const client = pkceClient();
    const { data, error } = await client.auth.signUp({
      email: address,
      password: PASSWORD,
      options: { emailRedirectTo: `${site}/dashboard` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const landed = await follow(linkIn(await sink.waitFor(address)));
    expect(landed.pathname).toBe('/dashboard');
    const code = landed.searchParams.get('code')!;
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    const claims = await t.server.ctx.jwt.verify(exchanged.data.session!.access_token);
    expect(claims.amr).toEqual([{ method: 'email/signup', timestamp: expect.any(Number) }]);
  });

  it('stores only hashes of the mailed link and code', async () => {
    const address = email();
    await t.client().auth.signUp({ email: address, password: PASSWORD });
    const mail = await sink.waitFor(address);
    const token = new URL(linkIn(mail)).searchParams.get('token')!;
    const { rows } = await t.server.ctx.db.query<Record<string, string>>(
      `select o.* from auth.one_time_tokens o join auth.users u on u.id = o.user_id where u.email = $1`,
      [address],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    expect(JSON.stringify(rows[0])).not.toContain(codeIn(mail));
  });

  it('verifyOtp with the mailed code confirms and signs in; a wrong code is otp_expired', async () => {
    const address = email();
    await t.client().auth.signUp({ email: address, password: PASSWORD });
    const mail = await sink.waitFor(address);
    const wrong = await t
      .client()
      .auth.verifyOtp({ email: address, token: '000000' === codeIn(mail) ? '111111' : '000000', type: 'signup' });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const ok = await t.client().auth.verifyOtp({ email: address, token: codeIn(mail), type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('expired tokens are refused (1 hour default)', async () => {
    const address = email();
    await t.client().auth.signUp({ email: address, password: PASSWORD });
    const mail = await sink.waitFor(address);
    await t.server.ctx.db.query(`update auth.one_time_tokens set created_at = now() - interval '61 minutes' where relates_to = $1`, [
      address,
    ]);
    const r = await t.client().auth.verifyOtp({ email: address, token: codeIn(mail), type: 'email' });
    expect(r.error).toMatchObject({ code: 'otp_expired' });
  });

  it('signing up again with a confirmed address answers a look-alike user and mails the owner a notice', async () => {
    const address = email();
    await t.client().auth.signUp({ email: address, password: PASSWORD });
    await t.client().auth.verifyOtp({ email: address, token: codeIn(await sink.waitFor(address)), type: 'signup' });
    // within the mail interval a confirmed address is limited exactly like a fresh one would be
    const soon = await t.client().auth.signUp({ email: address, password: 'another-passphrase' });
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await t.server.ctx.db.query(`delete from internal.rate_limits where key like 'auth-mail:%'`);
    const again = await t.client().auth.signUp({ email: address, password: 'another-passphrase' });
    expect(again.error).toBeNull();
    // shaped like a new account's answer (issue 12 item 8: sec-auth.service.test.ts compares them field by field)
    expect(again.data.user?.identities).toHaveLength(1);
    expect(again.data.session).toBeNull();
    expect((await sink.waitFor(address)).subject).toBe('Someone tried to sign up to Test Brand with your email');
    expect(sink.messages.filter((m) => m.to === address)).toHaveLength(2);
  });

  it('resend mails a new confirmation, but only once per minute per address (over_email_send_rate_limit)', async () => {
    const address = email();
    await t.client().auth.signUp({ email: address, password: PASSWORD });
    await sink.waitFor(address);
    const r = await t.client().auth.resend({ type: 'signup', email: address });
    expect(r.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(r.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    await t.server.ctx.db.query(`delete from internal.rate_limits where key like 'auth-mail:%'`);
    expect((await t.client().auth.resend({ type: 'signup', email: address })).error).toBeNull();
    const second = await sink.waitFor(address);
    expect((await t.client().auth.verifyOtp({ email: address, token: codeIn(second), type: 'signup' })).error).toBeNull();
    // unknown address: the same empty success, nothing sent
    expect((await t.client().auth.resend({ type: 'signup', email: email() })).error).toBeNull();
  });
});

async function confirmedUser(client = t.client()) {
  const address = email();
  const { data } = await t.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
  await client.auth.signInWithPassword({ email: address, password: PASSWORD });
  return { address, id: data.user!.id, client };
}

describe('password recovery', () => {
  it('implicit flow: the link signs in with type=recovery, setSession + updateUser sets the password', async () => {
    const { address } = await confirmedUser();
    const client = t.client();
    expect((await client.auth.resetPasswordForEmail(address, { redirectTo: `${site}/reset-password` })).error).toBeNull();
    const mail = await sink.waitFor(address);
    expect(mail.subject).toBe('Reset your Test Brand password');
    const landed = await follow(linkIn(mail));
    expect(landed.pathname).toBe('/reset-password');
    const f = fragment(landed);
    expect(f.get('type')).toBe('recovery');
    const page = t.client();
    const set = await page.auth.setSession({ access_token: f.get('access_token')!, refresh_token: f.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect((await page.auth.updateUser({ password: 'fresh-new-passphrase' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email: address, password: 'fresh-new-passphrase' })).error).toBeNull();
    const { rows } = await t.server.ctx.db.query(`select 1 from public.security_audit_log where event_type = 'auth.recovery_requested'`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('PKCE flow: the link redirects with ?code=, exchangeCodeForSession gives a session once', async () => {
    const { address } = await confirmedUser();
    const client = pkceClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => void events.push(e));
    expect((await client.auth.resetPasswordForEmail(address, { redirectTo: `${site}/reset-password` })).error).toBeNull();
    const landed = await follow(linkIn(await sink.waitFor(address)));
    const code = landed.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(address);
    expect(events).toContain('PASSWORD_RECOVERY');
    const claims = await t.server.ctx.jwt.verify(data.session!.access_token);
    expect(claims.amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    const reuse = await pkceClient().auth.exchangeCodeForSession(code);
    expect(reuse.error).toBeTruthy();
  });

  it('a wrong code verifier is bad_code_verifier', async () => {
    const { address } = await confirmedUser();
    const client = pkceClient();
    await client.auth.resetPasswordForEmail(address);
    const code = (await follow(linkIn(await sink.waitFor(address)))).searchParams.get('code')!;
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const address = email();
    const r = await t.client().auth.resetPasswordForEmail(address);
    expect(r).toEqual({ data: {}, error: null });
    // a marker through the same path after it: once the marker is in, a mail to the unknown address would be too
    const marker = await confirmedUser();
    await t.client().auth.resetPasswordForEmail(marker.address);
    await sink.waitFor(marker.address);
    expect(sink.messages.some((m) => m.to === address)).toBe(false);
  });

  it('never redirects outside SITE_URL and the allow-list', async () => {
    const { address } = await confirmedUser();
    await t.client().auth.resetPasswordForEmail(address, { redirectTo: 'https://evil.example.com/steal' });
    const landed = await follow(linkIn(await sink.waitFor(address)));
    expect(landed.origin).toBe(new URL(site).origin);
    const other = await confirmedUser();
    await t.client().auth.resetPasswordForEmail(other.address, { redirectTo: 'https://app.example.org/deep/reset' });
    expect((await follow(linkIn(await sink.waitFor(other.address)))).href).toMatch(/^https:\/\/app\.example\.org\/deep\/reset#/);
  });
});

describe('magic link, e-mail change, reauthentication, invite', () => {
  it('signInWithOtp mails a magic link code to a confirmed user', async () => {
    const { address } = await confirmedUser();
    expect((await t.client().auth.signInWithOtp({ email: address })).error).toBeNull();
    const mail = await sink.waitFor(address);
    expect(mail.subject).toBe('Your Test Brand sign-in link');
    const r = await t.client().auth.verifyOtp({ email: address, token: codeIn(mail), type: 'magiclink' });
    expect(r.error).toBeNull();
    expect(r.data.session).toBeTruthy();
  });

  it('signInWithOtp with shouldCreateUser=false for an unknown address answers as for a known one and sends nothing', async () => {
    const address = email();
    const r = await t.client().auth.signInWithOtp({ email: address, options: { shouldCreateUser: false } });
    expect(r.error).toBeNull();
    // a marker through the same path after it: once the marker is in, a mail to the unknown address would be too
    const marker = await confirmedUser();
    expect((await t.client().auth.signInWithOtp({ email: marker.address, options: { shouldCreateUser: false } })).error).toBeNull();
    await sink.waitFor(marker.address);
    expect(sink.messages.filter((m) => m.to === address)).toHaveLength(0);
  });

  it('updateUser({email}) mails both addresses (secure change); the first code is accepted, the second swaps the address', async () => {
    const { client, address } = await confirmedUser();
    const next = email();
    const upd = await client.auth.updateUser({ email: next });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.email).toBe(address);
    expect(upd.data.user?.new_email).toBe(next);
    const toNew = await sink.waitFor(next);
    expect(toNew.subject).toBe('Confirm your new Test Brand email address');
    const toCurrent = await sink.waitFor(address);
    expect(toCurrent.subject).toBe('Confirm the change of your Test Brand email address');
    expect(toCurrent.text).toContain(next);
    // the first confirmation (either one) answers GoTrue's message and changes nothing yet
    const first = await fetch(`${t.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: next, token: codeIn(toNew), type: 'email_change' }),
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    expect((await client.auth.refreshSession()).data.user?.email).toBe(address);
    // the same code again is used up
    const again = await t.client().auth.verifyOtp({ email: next, token: codeIn(toNew), type: 'email_change' });
    expect(again.error).toMatchObject({ code: 'otp_expired' });
    const v = await t.client().auth.verifyOtp({ email: address, token: codeIn(toCurrent), type: 'email_change' });
    expect(v.error).toBeNull();
    expect(v.data.user?.email).toBe(next);
    // the old address is told
    const notice = await sink.waitFor(address);
    expect(notice.subject).toBe('Your Test Brand email address was changed');
    expect(notice.text).toContain(next);
    const taken = await client.auth.updateUser({ email: (await confirmedUser()).address });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('secure e-mail change by links: the first redirects with the message, the second signs in with the new address', async () => {
    const { client, address } = await confirmedUser();
    const next = email();
    expect((await client.auth.updateUser({ email: next }, { emailRedirectTo: `${site}/user` })).error).toBeNull();
    const first = await follow(linkIn(await sink.waitFor(address)));
    expect(first.pathname).toBe('/user');
    expect(fragment(first).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    const second = await follow(linkIn(await sink.waitFor(next)));
    const f = fragment(second);
    expect(f.get('type')).toBe('email_change');
    expect((await t.client().auth.getUser(f.get('access_token')!)).data.user?.email).toBe(next);
  });

  it('reauthenticate mails a code that updateUser accepts as nonce', async () => {
    const { client, address } = await confirmedUser();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await sink.waitFor(address);
    expect(mail.subject).toBe('Your Test Brand confirmation code');
    const bad = await client.auth.updateUser({ password: 'reauth-new-passphrase', nonce: '999999' === codeIn(mail) ? '000000' : '999999' });
    expect(bad.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client.auth.updateUser({ password: 'reauth-new-passphrase', nonce: codeIn(mail) })).error).toBeNull();
  });

  it('inviteUserByEmail mails an invitation whose link signs the user in', async () => {
    const address = email();
    const { data, error } = await t.admin().auth.admin.inviteUserByEmail(address, { data: { first_name: 'Invited' } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await sink.waitFor(address);
    expect(mail.subject).toBe('You have been invited to Test Brand');
    const f = fragment(await follow(linkIn(mail)));
    expect(f.get('type')).toBe('invite');
    expect((await t.client().auth.getUser(f.get('access_token')!)).data.user?.user_metadata).toMatchObject({ first_name: 'Invited' });
  });
});
