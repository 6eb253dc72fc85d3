import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { serviceClient } from './tokens.js';

// Issue 12 items 1-2: admin rights, the password override and REST writes follow the database now, not the token.
let t: TestServer;
let smtp: SmtpSink;
let n = 0;
const PASSWORD = 'Sec-Admin-Passw0rd!';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: 'true' });
  // a waitlist e-mail an admin can read through /rest/v1
  const res = await fetch(`${t.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Wendy Wait', email: 'wendy@example.com' }),
  });
  if (res.status !== 201) throw new Error(`waitlist join: ${res.status}`);
  await smtp.waitFor('wendy@example.com');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface Account {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

/** A real account signed in with its password (a real session row and refresh token). */
async function account(opts: { admin?: boolean } = {}): Promise<Account> {
  const email = `sec-admin-${++n}-${Date.now()}@example.com`;
  const { data, error } = await serviceClient(t).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    app_metadata: opts.admin ? { role: 'admin' } : {},
  });
  if (error) throw error;
  return { id: data.user!.id, email, ...(await signIn(email)) };
}

async function signIn(email: string, password = PASSWORD) {
  const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string; refresh_token?: string };
  return { status: res.status, token: body.access_token ?? '', refreshToken: body.refresh_token ?? '' };
}

const headers = (token: string) => ({ apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const override = (token: string, email: string, newPassword: string) =>
  fetch(`${t.url}/functions/v1/emergency-password-change`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify({ email, newPassword }),
  });
const adminApi = (token: string, path = '/users') => fetch(`${t.url}/api/admin${path}`, { headers: headers(token) });
const rest = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${t.url}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...headers(token), prefer: 'return=minimal' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const signOutEverywhere = async (token: string) => {
  const res = await fetch(`${t.url}/auth/v1/logout?scope=global`, { method: 'POST', headers: headers(token) });
  expect(res.status).toBe(204);
};

/** Server-written audit rows of one event for one caller (read with the service role). */
async function audits(event: string, userId: string) {
  const { data, error } = await serviceClient(t)
    .from('security_audit_log')
    .select('severity, source, user_id, event_details')
    .eq('event_type', event)
    .eq('user_id', userId)
    .order('id');
  if (error) throw error;
  return data as { severity: string; source: string; user_id: string; event_details: Record<string, unknown> }[];
}

/** What the old code let through: the admin's REST reads of subscriber e-mails and the console numbers. */
async function expectNoAdminReads(token: string) {
  const subs = await rest(token, '/ebook_subscribers?select=email');
  expect(subs.status).toBe(200);
  expect(await subs.json()).toEqual([]);
  const overview = await rest(token, '/rpc/admin_overview');
  expect(overview.status).toBe(403);
  expect(await overview.json()).toMatchObject({ code: '42501', message: 'Admin access required' });
}

const totpCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

describe(`admin checks follow the database (${SERVICE_DB})`, () => {
  it('refuses a signed-out admin token in emergency-password-change (401), with a critical server audit row', async () => {
    const admin = await account({ admin: true });
    const victim = await account();
    await signOutEverywhere(admin.token);
    const res = await override(admin.token, victim.email, 'Hijacked-Passw0rd!');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, code: 'session_not_found', error: 'Your session has ended. Sign in again.' });
    expect((await signIn(victim.email)).status).toBe(200);
    expect(await audits('emergency_password_change_denied', admin.id)).toEqual([
      {
        severity: 'critical',
        source: 'server',
        user_id: admin.id,
        event_details: { caller_role: 'authenticated', reason: 'session_not_found' },
      },
    ]);
  });

  it('refuses a signed-out admin token in /api/admin/* (401 session_not_found) and audits it', async () => {
    const admin = await account({ admin: true });
    await signOutEverywhere(admin.token);
    for (const path of ['/users', '/analytics/summary', '/security/failed-sign-ins']) {
      const res = await adminApi(admin.token, path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'session_not_found', message: 'Your session has ended. Sign in again.' });
    }
    const rows = await audits('admin.access_denied', admin.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      source: 'server',
      severity: 'warn',
      event_details: { reason: 'session_not_found', path: '/api/admin/users', method: 'GET' },
    });
  });

  it('refuses a signed-out admin token REST admin reads: no ebook_subscribers e-mails, rpc/admin_overview 403', async () => {
    const admin = await account({ admin: true });
    // signed in, the same token reads them
    expect(await (await rest(admin.token, '/ebook_subscribers?select=email')).json()).toEqual([{ email: 'wendy@example.com' }]);
    expect((await rest(admin.token, '/rpc/admin_overview')).status).toBe(200);
    await signOutEverywhere(admin.token);
    await expectNoAdminReads(admin.token);
  });

  it('refuses a demoted admin everywhere: the override, /api/admin and REST admin reads', async () => {
    const admin = await account({ admin: true });
    const victim = await account();
    // the service role removes the role; the admin's token still claims it until it expires
    const { error } = await serviceClient(t).auth.admin.updateUserById(admin.id, { app_metadata: { role: null } });
    expect(error).toBeNull();
    const res = await override(admin.token, victim.email, 'Hijacked-Passw0rd!');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: 'forbidden' });
    expect((await signIn(victim.email)).status).toBe(200);
    expect((await adminApi(admin.token)).status).toBe(403);
    await expectNoAdminReads(admin.token);
    expect((await audits('emergency_password_change_denied', admin.id)).map((r) => r.event_details.reason)).toEqual(['not_admin']);
    expect((await audits('admin.access_denied', admin.id)).map((r) => r.event_details.reason)).toEqual(['not_admin']);
  });

  it('refuses an admin with a verified TOTP factor signed in at aal1 (403 insufficient_aal); the same admin at aal2 is let in', async () => {
    const admin = await account({ admin: true });
    const victim = await account();
    const client = t.client();
    expect((await client.auth.signInWithPassword({ email: admin.email, password: PASSWORD })).error).toBeNull();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret) });
    expect(verified.error).toBeNull();
    const aal2Token = (await client.auth.getSession()).data.session!.access_token;

    const aal1 = await signIn(admin.email); // a fresh password sign-in: aal1, not stepped up
    const res = await override(aal1.token, victim.email, 'Hijacked-Passw0rd!');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: 'insufficient_aal' });
    expect((await signIn(victim.email)).status).toBe(200);
    const api = await adminApi(aal1.token);
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: 'insufficient_aal' });
    await expectNoAdminReads(aal1.token);
    expect((await audits('emergency_password_change_denied', admin.id)).map((r) => r.event_details.reason)).toEqual(['aal2_required']);

    expect((await adminApi(aal2Token)).status).toBe(200);
    expect((await rest(aal2Token, '/rpc/admin_overview')).status).toBe(200);
  });

  it("refuses to override another admin's password (403 target_is_admin); the password stays", async () => {
    const admin = await account({ admin: true });
    const other = await account({ admin: true });
    const res = await override(admin.token, other.email, 'Takeover-Passw0rd!');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: 'target_is_admin' });
    expect((await signIn(other.email)).status).toBe(200);
    expect((await signIn(other.email, 'Takeover-Passw0rd!')).status).toBe(400);
    expect(await audits('emergency_password_change', admin.id)).toEqual([
      {
        severity: 'critical',
        source: 'server',
        user_id: admin.id,
        event_details: { outcome: 'refused: target_is_admin', by: 'admin', target_user_id: other.id },
      },
    ]);
  });

  it('a successful override signs the target out everywhere (sessions and refresh tokens) and mails the target', async () => {
    const admin = await account({ admin: true });
    const target = await account();
    const second = await signIn(target.email); // a second device
    const res = await override(admin.token, target.email, 'Fresh-Override-Passw0rd!');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Password changed successfully using admin override!' });

    const { rows } = await t.server.ctx.db.query<{ sessions: number; tokens: number }>(
      `select (select count(*)::int from auth.sessions where user_id = $1) as sessions, (select count(*)::int from auth.refresh_tokens where user_id = $1) as tokens`,
      [target.id],
    );
    expect(rows[0]).toEqual({ sessions: 0, tokens: 0 });
    for (const rt of [target.refreshToken, second.refreshToken]) {
      const refresh = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: headers(t.anonKey),
        body: JSON.stringify({ refresh_token: rt }),
      });
      expect(refresh.status).toBe(400);
    }
    // the old access token can no longer write either
    expect((await rest(target.token, `/profiles?id=eq.${target.id}`, { method: 'PATCH', body: { first_name: 'Still here' } })).status).toBe(
      403,
    );

    const mail = await smtp.waitFor(target.email);
    expect(mail.subject).toBe(`Your ${t.server.ctx.config.BRAND_NAME} password was changed by an administrator`);
    expect(mail.text).toContain('You have been signed out on every device.');
    expect(mail.text).not.toContain('Fresh-Override-Passw0rd!');
    expect(await audits('emergency_password_change', admin.id)).toEqual([
      {
        severity: 'critical',
        source: 'server',
        user_id: admin.id,
        event_details: { outcome: 'changed', by: 'admin', target_user_id: target.id, sessions_revoked: 2, owner_notified: true },
      },
    ]);
  });

  it("audits every refusal as the server, with the reason and the caller's id; a browser cannot forge such rows", async () => {
    const user = await account();
    const res = await override(user.token, 'anyone@example.com', 'Whatever-Passw0rd!');
    expect(res.status).toBe(403);
    expect(await audits('emergency_password_change_denied', user.id)).toEqual([
      { severity: 'critical', source: 'server', user_id: user.id, event_details: { caller_role: 'authenticated', reason: 'not_admin' } },
    ]);
    const admin = await account({ admin: true });
    const forged = await rest(admin.token, '/security_audit_log', {
      method: 'POST',
      body: {
        event_type: 'emergency_password_change',
        severity: 'critical',
        user_id: admin.id,
        event_details: { outcome: 'changed' },
        source: 'server',
      },
    });
    expect(forged.status).toBe(403);
    expect(await audits('emergency_password_change', admin.id)).toEqual([]);
  });
});

describe(`REST writes follow the database (${SERVICE_DB})`, () => {
  it("refuses a banned user's writes through /rest/v1 (403, PostgREST-shaped) while reads of their own rows go on", async () => {
    const user = await account();
    const write = (firstName: string) =>
      rest(user.token, `/profiles?id=eq.${user.id}`, { method: 'PATCH', body: { first_name: firstName } });
    expect((await write('Before ban')).status).toBe(204);
    const { error } = await serviceClient(t).auth.admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    const res = await write('After ban');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: '42501',
      message: 'User is banned',
      details: null,
      hint: 'A banned account cannot change data.',
    });
    expect((await rest(user.token, '/user_tools', { method: 'POST', body: { integration_id: 'hubspot' } })).status).toBe(403);
    const { data } = await serviceClient(t).from('profiles').select('first_name').eq('id', user.id).single();
    expect(data).toEqual({ first_name: 'Before ban' });
    const { count } = await serviceClient(t).from('user_tools').select('*', { count: 'exact', head: true }).eq('user_id', user.id);
    expect(count).toBe(0);
    expect((await rest(user.token, `/profiles?select=first_name&id=eq.${user.id}`)).status).toBe(200);
  });

  it("refuses a signed-out user's writes through /rest/v1 (403 Session has ended)", async () => {
    const user = await account();
    await signOutEverywhere(user.token);
    const res = await rest(user.token, `/profiles?id=eq.${user.id}`, { method: 'PATCH', body: { first_name: 'Ghost' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '42501', message: 'Session has ended', details: 'session_not_found' });
  });
});
