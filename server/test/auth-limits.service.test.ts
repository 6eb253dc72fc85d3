import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_FREE_FAILURES } from '../src/auth/signin-guard.js';
import { startTestServer, type TestServer } from './harness.js';

let n = 0;
const email = () => `limit${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';
const LOW = { AUTH_RATE_LIMIT_IP: '3', AUTH_RATE_LIMIT_EMAIL: '4', AUTH_RATE_LIMIT_TOKEN_IP: '14', AUTH_EMAIL_MIN_INTERVAL: '0' };

describe('rate limits (PostgreSQL store, low configured values)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(LOW);
  });
  afterAll(() => t?.close());

  it('sign-up per IP: the 4th within 5 minutes is 429 over_request_rate_limit', async () => {
    for (let i = 0; i < 3; i++) expect((await t.client().auth.signUp({ email: email(), password: PASSWORD })).error).toBeNull();
    const r = await t.client().auth.signUp({ email: email(), password: PASSWORD });
    expect(r.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });

  it('failed password sign-ins slow the IP and address pair, never the address alone (successes do not count)', async () => {
    const address = email();
    await t.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    for (let i = 0; i < 5; i++) expect((await t.client().auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
    // AUTH_RATE_LIMIT_EMAIL (4 here) no longer applies to sign-in; the pair's 5 free failures do
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) {
      expect((await t.client().auth.signInWithPassword({ email: address, password: 'wrong-password-x' })).error).toMatchObject({
        status: 400,
      });
    }
    const r = await t.client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(r.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // another address is unaffected
    const other = email();
    await t.admin().auth.admin.createUser({ email: other, password: PASSWORD, email_confirm: true });
    expect((await t.client().auth.signInWithPassword({ email: other, password: PASSWORD })).error).toBeNull();
  });

  it('/token per IP', async () => {
    let last: unknown = null;
    for (let i = 0; i < 15 && (last as { status?: number } | null)?.status !== 429; i++) {
      last = (await t.client().auth.signInWithPassword({ email: email(), password: PASSWORD })).error;
    }
    expect(last).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('recover, resend, verify and OTP per IP', async () => {
    const calls: Array<() => Promise<{ error: unknown }>> = [
      () => t.client().auth.resetPasswordForEmail(email()),
      () => t.client().auth.resend({ type: 'signup', email: email() }),
      () => t.client().auth.verifyOtp({ token_hash: 'nope-nope-nope', type: 'email' }),
      () => t.client().auth.signInWithOtp({ email: email() }),
    ];
    for (const call of calls) {
      for (let i = 0; i < 3; i++) expect(((await call()).error as { status?: number } | null)?.status).not.toBe(429);
      expect((await call()).error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('auth-limits.service.test.ts: TEST_REDIS_URL is not set; the Redis rate-limit store test is skipped');

describe.skipIf(!redisUrl)('rate limits with REDIS_URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    // counters outlive a test run in Redis: start clean
    const r = new Redis(redisUrl!);
    const keys = await r.keys('auth-*');
    if (keys.length) await r.del(...keys);
    await r.quit();
    t = await startTestServer({ ...LOW, REDIS_URL: redisUrl! });
  });
  afterAll(() => t?.close());

  it('counts in Redis', async () => {
    for (let i = 0; i < 3; i++) expect((await t.client().auth.signUp({ email: email(), password: PASSWORD })).error).toBeNull();
    expect((await t.client().auth.signUp({ email: email(), password: PASSWORD })).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    const r = new Redis(redisUrl!);
    expect(await r.exists('auth-signup-ip:127.0.0.1')).toBe(1);
    await r.quit();
  });
});
