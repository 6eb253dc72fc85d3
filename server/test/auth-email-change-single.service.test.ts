import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

// AUTH_DOUBLE_CONFIRM_CHANGES=false: GoTrue's plain e-mail change, one link to the new address (docs/security/auth-flows.md).
let t: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: sink.url, AUTH_DOUBLE_CONFIRM_CHANGES: 'false', BRAND_NAME: 'Test Brand' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

it('with double confirmation off, only the new address gets a code, and it alone makes the change; the old address is told', async () => {
  const address = `single-${Date.now()}@example.com`;
  const next = `single-next-${Date.now()}@example.com`;
  await t.admin().auth.admin.createUser({ email: address, password: 'correct-horse-battery', email_confirm: true });
  const client = t.client();
  await client.auth.signInWithPassword({ email: address, password: 'correct-horse-battery' });
  expect((await client.auth.updateUser({ email: next })).error).toBeNull();
  const mail = await sink.waitFor(next);
  const code = mail.text.match(/Code: (\d{6})/)![1]!;
  const v = await t.client().auth.verifyOtp({ email: next, token: code, type: 'email_change' });
  expect(v.error).toBeNull();
  expect(v.data.user?.email).toBe(next);
  // nothing asked the old address to confirm; its only mail is the notice
  const notice = await sink.waitFor(address);
  expect(notice.subject).toBe('Your Test Brand email address was changed');
  expect(sink.messages.filter((m) => m.to === address)).toHaveLength(1);
});
