import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import ws from 'ws';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { anonClient, clientWithToken, createTestUser, serviceClient, signAccessToken } from './tokens.js';

let t: TestServer;
let smtp: SmtpSink;
let userId: string;
const EMAIL = 'owner@example.com';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: 'true' });
  const { data, error } = await serviceClient(t).auth.admin.createUser({
    email: EMAIL,
    password: 'Original-Passw0rd!',
    email_confirm: true,
  });
  if (error) throw error;
  userId = data.user!.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (name: string, body: unknown, token?: string) =>
  fetch(`${t.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: t.anonKey, Authorization: `Bearer ${token ?? t.anonKey}` },
    body: JSON.stringify(body),
  });

const audits = async (event: string) =>
  (await serviceClient(t).from('security_audit_log').select('severity, user_id, event_details').eq('event_type', event)).data ?? [];

const signIn = async (password: string) => {
  const c = createClient(t.url, t.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  return (await c.auth.signInWithPassword({ email: EMAIL, password })).error;
};

describe(`custom-password-reset (${SERVICE_DB})`, () => {
  it('mails a recovery link to /reset-password and says so', async () => {
    const { data, error } = await anonClient(t).functions.invoke('custom-password-reset', { body: { email: EMAIL } });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: 'Password reset email sent successfully!' });
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.text).toContain(`redirect_to=${t.server.ctx.config.SITE_URL}/reset-password`);
  });

  it('answers the same for an unknown address (no enumeration) and sends nothing', async () => {
    const before = smtp.messages.length;
    const res = await call('custom-password-reset', { email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Password reset email sent successfully!' });
    // a marker through the same path after it: once the marker is in, a mail to the unknown address would be too
    const marker = 'reset-marker@example.com';
    expect(
      (await serviceClient(t).auth.admin.createUser({ email: marker, password: 'Marker-Passw0rd!', email_confirm: true })).error,
    ).toBeNull();
    expect((await call('custom-password-reset', { email: marker })).status).toBe(200);
    await smtp.waitFor(marker);
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([marker]);
  });

  it('answers 503 email_service_unavailable with the SMTP code when the mail server refuses (535)', async () => {
    const refusing = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (_auth, _session, cb) => cb(Object.assign(new Error('Invalid credentials'), { responseCode: 535 })),
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', () => r()));
    const port = (refusing.server.address() as AddressInfo).port;
    const t2 = await startTestServer({ SMTP_URL: `smtp://user:wrong@127.0.0.1:${port}`, RATE_LIMIT_DISABLED: 'true' });
    try {
      await serviceClient(t2).auth.admin.createUser({ email: EMAIL, password: 'Original-Passw0rd!', email_confirm: true });
      const res = await fetch(`${t2.url}/functions/v1/custom-password-reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: t2.anonKey, Authorization: `Bearer ${t2.anonKey}` },
        body: JSON.stringify({ email: EMAIL }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        success: false,
        code: 'email_service_unavailable',
        error: 'Email service unavailable (code 535)',
      });
    } finally {
      await t2.close();
      await new Promise<void>((r) => refusing.close(() => r()));
    }
  }, 180_000); // starts a second server: slow on a busy machine

  it('rejects a missing or malformed address with 400', async () => {
    expect((await call('custom-password-reset', {})).status).toBe(400);
    const res = await call('custom-password-reset', { email: 'not an email' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });
});

describe(`emergency-password-change (${SERVICE_DB})`, () => {
  it('refuses visitors (401) and signed-in users (403), each with a critical audit row', async () => {
    const anonRes = await call('emergency-password-change', { email: EMAIL, newPassword: 'Hijack-Passw0rd!' });
    expect(anonRes.status).toBe(401);
    expect(await anonRes.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const userToken = await signAccessToken(t, { sub: userId, email: EMAIL, app_metadata: { provider: 'email' } });
    const userRes = await call('emergency-password-change', { email: EMAIL, newPassword: 'Hijack-Passw0rd!' }, userToken);
    expect(userRes.status).toBe(403);
    const forged = await call(
      'emergency-password-change',
      { email: EMAIL, newPassword: 'Hijack-Passw0rd!' },
      'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bad',
    );
    expect(forged.status).toBe(401);
    const rows = await audits('emergency_password_change_denied');
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.severity === 'critical')).toBe(true);
    expect(rows.map((r) => r.user_id)).toContain(userId);
    expect(await signIn('Original-Passw0rd!')).toBeNull();
  });

  it('lets an admin override a password; the change and its author are audited', async () => {
    const admin = await createTestUser(t, { admin: true });
    const { data, error } = await clientWithToken(t, admin.token).functions.invoke('emergency-password-change', {
      body: { email: EMAIL, newPassword: 'Admin-Set-Passw0rd!' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: 'Password changed successfully using admin override!' });
    expect(await signIn('Admin-Set-Passw0rd!')).toBeNull();
    expect(await signIn('Original-Passw0rd!')).not.toBeNull();
    const rows = await audits('emergency_password_change');
    expect(rows.at(-1)).toMatchObject({
      severity: 'critical',
      user_id: admin.id,
      event_details: { outcome: 'changed', by: 'admin', target_user_id: userId },
    });
  });

  it('lets the service role override, and reports weak passwords and unknown users', async () => {
    const res = await call('emergency-password-change', { email: EMAIL, newPassword: 'Service-Set-Passw0rd!' }, t.serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await signIn('Service-Set-Passw0rd!')).toBeNull();
    const weak = await call('emergency-password-change', { email: EMAIL, newPassword: '123' }, t.serviceRoleKey);
    expect(weak.status).toBe(422);
    expect(await weak.json()).toMatchObject({ success: false, code: 'weak_password' });
    const none = await call(
      'emergency-password-change',
      { email: 'ghost@example.com', newPassword: 'Whatever-Passw0rd!' },
      t.serviceRoleKey,
    );
    expect(none.status).toBe(404);
    expect((await audits('emergency_password_change')).length).toBe(4);
  });

  it('only answers POST', async () => {
    const res = await fetch(`${t.url}/functions/v1/emergency-password-change`, { headers: { apikey: t.anonKey } });
    expect(res.status).toBe(405);
  });
});
