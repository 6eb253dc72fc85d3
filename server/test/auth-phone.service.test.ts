import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Phone accounts (AUTH_PHONE_ENABLED, AUTH_PHONE_AUTOCONFIRM; docs/decisions/0052): GoTrue's phone sign-up, password
// sign-in, codes by text (the development outbox stands in for an SMS provider) and resend.
let texted: TestServer;
let auto: TestServer;
let off: TestServer;
let n = 0;
// E.164 without the "+", unique per test run
const phone = () => `4477${String(Date.now()).slice(-6)}${String(++n).padStart(2, '0')}`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  [texted, auto, off] = await Promise.all([
    startTestServer({ AUTH_PHONE_ENABLED: 'true', AUTH_EMAIL_MIN_INTERVAL: '5' }),
    startTestServer({ AUTH_PHONE_ENABLED: 'true', AUTH_PHONE_AUTOCONFIRM: 'true' }),
    startTestServer(),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([texted?.close(), auto?.close(), off?.close()]);
});

/** The newest code texted to `number` (the development outbox holds texts as it holds mail). */
async function codeFor(s: TestServer, number: string): Promise<string> {
  const texts = (await s.server.ctx.mailer.outbox()).filter((m) => m.to === `+${number}`);
  expect(texts.length).toBeGreaterThan(0);
  return /code is (\d{6})/.exec(texts[0]!.text)![1]!;
}

describe('AUTH_PHONE_AUTOCONFIRM=true', () => {
  it('signs up with a number and a password (session at once), then signs in with them; the number is taken', async () => {
    const number = phone();
    const up = await auto.client().auth.signUp({ phone: `+${number}`, password: PASSWORD, options: { data: { plan: 'trial' } } });
    expect(up.error).toBeNull();
    expect(up.data.session?.access_token).toEqual(expect.any(String));
    expect(up.data.user).toMatchObject({ phone: number, email: '', app_metadata: { provider: 'phone' }, user_metadata: { plan: 'trial' } });
    expect(up.data.user?.phone_confirmed_at).toEqual(expect.any(String));
    expect(up.data.user?.identities?.map((i) => i.provider)).toEqual(['phone']);

    const signIn = await auto.client().auth.signInWithPassword({ phone: number, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(up.data.user!.id);
    const wrong = await auto.client().auth.signInWithPassword({ phone: number, password: 'not the password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    const again = await auto.client().auth.signUp({ phone: number, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('refuses a malformed number, a weak password, and the whatsapp channel (no Twilio here)', async () => {
    const auth = auto.client().auth;
    expect((await auth.signUp({ phone: '12-ab', password: PASSWORD })).error).toMatchObject({
      status: 400,
      message: 'Invalid phone number format (E.164 required)',
    });
    expect((await auth.signUp({ phone: phone(), password: 'abc' })).error).toMatchObject({ status: 422, code: 'weak_password' });
    const whatsapp = await auth.signUp({ phone: phone(), password: PASSWORD, options: { channel: 'whatsapp' } });
    expect(whatsapp.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(whatsapp.data.user).toBeNull();
  });
});

describe('AUTH_PHONE_AUTOCONFIRM=false (codes by text)', () => {
  it('sign-up texts a code and gives no session; sign-in waits for it; the code confirms and signs in once', async () => {
    const number = phone();
    const up = await texted.client().auth.signUp({ phone: number, password: PASSWORD });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user?.phone_confirmed_at).toBeUndefined();
    const early = await texted.client().auth.signInWithPassword({ phone: number, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed' });

    const code = await codeFor(texted, number);
    const wrong = await texted.client().auth.verifyOtp({ phone: number, token: code === '000000' ? '111111' : '000000', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const ok = await texted.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.phone_confirmed_at).toEqual(expect.any(String));
    expect((await texted.client().auth.verifyOtp({ phone: number, token: code, type: 'sms' })).error).toMatchObject({ status: 403 });
    expect((await texted.client().auth.signInWithPassword({ phone: number, password: PASSWORD })).error).toBeNull();
  });

  it('a confirmed number signing up again gets the answer a new one gets, and no text', async () => {
    const number = phone();
    const first = await texted.client().auth.signUp({ phone: number, password: PASSWORD });
    await texted.client().auth.verifyOtp({ phone: number, token: await codeFor(texted, number), type: 'sms' });
    const before = (await texted.server.ctx.mailer.outbox()).length;
    // counted like a text to a new number (no 429 tells them apart): past the 5 s between two texts. The limiter
    // compares windows with Date.now(), so the clock moves on instead of the test sleeping 5.5 s.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_500);
    const again = await texted
      .client()
      .auth.signUp({ phone: number, password: PASSWORD })
      .finally(() => vi.useRealTimers());
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.id).not.toBe(first.data.user?.id);
    expect(again.data.user).toMatchObject({ phone: number, app_metadata: { provider: 'phone' } });
    expect((await texted.server.ctx.mailer.outbox()).length).toBe(before);
  });

  it('signInWithOtp: one text per interval, create_user false, a new number signs in with its code; resend answers {} for an unknown number', async () => {
    const number = phone();
    await texted.client().auth.signUp({ phone: number, password: PASSWORD });
    const otp = await texted.client().auth.signInWithOtp({ phone: number });
    // one text per number per AUTH_EMAIL_MIN_INTERVAL (5 s here): the sign-up's code went out just now
    expect(otp.error).toMatchObject({ status: 429, code: 'over_sms_send_rate_limit' });

    const other = phone();
    const create = await texted.client().auth.signInWithOtp({ phone: other, options: { shouldCreateUser: false } });
    expect(create.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect((await texted.client().auth.signInWithOtp({ phone: other })).error).toBeNull();
    const signedIn = await texted.client().auth.verifyOtp({ phone: other, token: await codeFor(texted, other), type: 'sms' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.phone).toBe(other);

    for (const type of ['sms', 'phone_change'] as const) {
      const { error } = await texted.client().auth.resend({ phone: phone(), type });
      expect(error).toBeNull();
    }
  });
});

describe('AUTH_PHONE_ENABLED=false (the default)', () => {
  it("refuses phone sign-up, sign-in, codes and resend with GoTrue's answers", async () => {
    const auth = off.client().auth;
    const number = phone();
    expect((await auth.signUp({ phone: number, password: PASSWORD })).error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
    });
    expect((await auth.signInWithPassword({ phone: number, password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'phone_provider_disabled',
    });
    expect((await auth.signInWithOtp({ phone: number })).error).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
    expect((await auth.resend({ phone: number, type: 'sms' })).error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const settings = (await (await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: off.anonKey } })).json()) as {
      external: { phone: boolean };
    };
    expect(settings.external.phone).toBe(false);
  });
});
