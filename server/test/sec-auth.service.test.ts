import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { createClient } from '@supabase/supabase-js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_FREE_FAILURES, SIGNIN_MAX_DELAY_SECONDS } from '../src/auth/signin-guard.js';
import { MFA_LOCK_SECONDS, MFA_MAX_FAILED_VERIFICATIONS } from '../src/auth/routes/mfa.js';
import { startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

// Issue 12 items 6-8 (docs/security/sec-auth.md). Client IPs come from X-Forwarded-For (TRUST_PROXY is on).
const PASSWORD = 'correct-horse-battery';
let n = 0;
const email = () => `secauth${++n}-${Date.now()}-${randomInt(1e6)}@example.com`;
// a fresh IP per use: Redis counters outlive a run, and each test must start from a clean slate
const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function clientFrom(t: TestServer, from: string) {
  const storage = new Map<string, string>();
  return createClient(t.url, t.anonKey, {
    global: { headers: { 'x-forwarded-for': from } },
    auth: {
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
    },
  });
}

/** POST /token?grant_type=password from `from`: status, body and the Retry-After header. */
async function passwordSignIn(t: TestServer, from: string, address: string, password: string) {
  const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email: address, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: Number(res.headers.get('retry-after')) };
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('sec-auth.service.test.ts: TEST_REDIS_URL is not set; the Redis store variant is skipped');
const stores = [{ store: 'database' }, ...(redisUrl ? [{ store: 'redis' }] : [])];

describe.each(stores)('item 6: password sign-in cannot lock the owner out ($store limiter store)', ({ store }) => {
  let t: TestServer;
  let redis: Redis | undefined;
  beforeAll(async () => {
    t = await startTestServer({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_SIGNIN_FAILURES_IP: '60',
      ...(store === 'redis' ? { REDIS_URL: redisUrl! } : {}),
    });
    if (store === 'redis') redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await redis?.quit();
    await t?.close();
  });

  /** Stands in for waiting out the delay: opens the IP+address gate, keeps the count of failures. */
  async function waitOut(from: string, address: string) {
    const key = `auth-signin-gate:${from}|${address}`.toLowerCase();
    if (redis) await redis.del(key);
    else await t.server.ctx.db.query('delete from internal.rate_limits where key = $1', [key]);
  }

  async function owner() {
    const address = email();
    const created = await t.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    return address;
  }

  it("the owner signs in from another IP after an attacker's 40 failures; the attacker waits ever longer (Retry-After doubles)", async () => {
    const address = await owner();
    const attacker = ip();
    const waits: number[] = [];
    let failures = 0;
    for (let i = 0; i < 200 && failures < 40; i++) {
      const r = await passwordSignIn(t, attacker, address, `wrong-guess-${i}`);
      if (r.status === 429) {
        expect(r.body).toMatchObject({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
        expect(r.body.retry_after).toBe(r.retryAfter);
        waits.push(r.retryAfter);
        await waitOut(attacker, address);
      } else {
        expect(r).toMatchObject({ status: 400, body: { error_code: 'invalid_credentials' } });
        failures++;
      }
    }
    expect(failures).toBe(40);
    // free failures first, then one refusal per failure, each wait about double the last, up to the cap
    expect(waits.length).toBe(40 - SIGNIN_FREE_FAILURES);
    expect(waits[0]).toBeGreaterThanOrEqual(10);
    expect(waits[0]).toBeLessThanOrEqual(15);
    for (let i = 1; i < waits.length; i++)
      expect(waits[i]).toBeGreaterThanOrEqual(Math.min(waits[i - 1]! * 2 - 5, SIGNIN_MAX_DELAY_SECONDS - 5));
    expect(waits.at(-1)).toBeGreaterThan(SIGNIN_MAX_DELAY_SECONDS - 10);

    // the owner, from home, is never refused because of the attacker
    const home = clientFrom(t, ip());
    const signedIn = await home.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.email).toBe(address);
    // while the attacker's IP stays slowed for this address, even with the right password
    expect((await passwordSignIn(t, attacker, address, PASSWORD)).status).toBe(429);
  });

  it('a parallel burst of guesses is let through one at a time once the free failures are used', async () => {
    const address = await owner();
    const attacker = ip();
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => passwordSignIn(t, attacker, address, `burst-${i}`)));
    const tried = burst.filter((r) => r.status === 400).length;
    expect(tried).toBeLessThanOrEqual(SIGNIN_FREE_FAILURES + 1);
    expect(burst.filter((r) => r.status === 429).length).toBe(30 - tried);
  });

  it('a successful sign-in ends the run of failures for that IP and address', async () => {
    const address = await owner();
    const laptop = ip();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGNIN_FREE_FAILURES - 1; i++) expect((await passwordSignIn(t, laptop, address, `typo-${i}`)).status).toBe(400);
      expect((await passwordSignIn(t, laptop, address, PASSWORD)).status).toBe(200);
    }
  });

  it('failures per IP are capped per day whatever the address (AUTH_RATE_LIMIT_SIGNIN_FAILURES_IP), other IPs unaffected', async () => {
    const address = await owner();
    const sprayer = ip();
    for (let i = 0; i < 60; i++) expect((await passwordSignIn(t, sprayer, email(), 'password-spray')).status).toBe(400);
    const refused = await passwordSignIn(t, sprayer, email(), 'password-spray');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(80_000);
    expect((await passwordSignIn(t, ip(), address, PASSWORD)).status).toBe(200);
  });

  it("with confirmations off, sign-up and /otp keep GoTrue's answers for a known address (the trade-off of docs/decisions/0033)", async () => {
    const address = await owner();
    expect((await t.client().auth.signUp({ email: address, password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
    });
    const otp = await t.client().auth.signInWithOtp({ email: email(), options: { shouldCreateUser: false } });
    expect(otp.error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });
});

describe('items 7 and 8 (confirmations on)', () => {
  let t: TestServer;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer({
      TRUST_PROXY: 'true',
      AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true',
      SMTP_URL: sink.url,
      BRAND_NAME: 'Test Brand',
      AUTH_EMAIL_MIN_INTERVAL: '0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const codeFor = (secret: string, offset = 0) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
      timestamp: Date.now() + offset * 30_000,
    });

  const currentStep = () => Math.floor(Date.now() / 30_000);

  /** A confirmed user with a verified TOTP factor (its enrolment used the previous time step's code). */
  async function userWithFactor() {
    const address = email();
    await t.admin().auth.admin.createUser({ email: address, password: PASSWORD, email_confirm: true });
    const first = clientFrom(t, ip());
    expect((await first.auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
    const enrolled = await first.auth.mfa.enroll({ factorType: 'totp' });
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    // Should the clock pass into the next step before the server checks it, the previous step's code is two steps
    // back, outside the server's window of one: then it is taken again from the new step (exactly once).
    const step = currentStep();
    let verified = await first.auth.mfa.challengeAndVerify({ factorId, code: codeFor(totp.secret, -1) });
    if (verified.error && currentStep() !== step)
      verified = await first.auth.mfa.challengeAndVerify({ factorId, code: codeFor(totp.secret, -1) });
    expect(verified.error).toBeNull();
    return { address, factorId, secret: totp.secret };
  }

  /** A new aal1 session of `address` from its own IP. */
  async function newSession(address: string) {
    const c = clientFrom(t, ip());
    expect((await c.auth.signInWithPassword({ email: address, password: PASSWORD })).error).toBeNull();
    return c;
  }

  /** Challenge and verify from `from` with the bearer `token` (each attempt may come from another IP). */
  async function verifyFrom(from: string, token: string, factorId: string, code: string) {
    const headers = { apikey: t.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': from };
    const ch = await fetch(`${t.url}/auth/v1/factors/${factorId}/challenge`, { method: 'POST', headers, body: '{}' });
    expect(ch.status).toBe(200);
    const { id } = (await ch.json()) as { id: string };
    const res = await fetch(`${t.url}/auth/v1/factors/${factorId}/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ challenge_id: id, code }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  describe('item 7: TOTP', () => {
    it('a code is accepted once per factor: replayed in a second session it is refused', async () => {
      const { address, factorId, secret } = await userWithFactor();
      const code = codeFor(secret);
      const a = await newSession(address);
      expect((await a.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
      const b = await newSession(address);
      const replay = await b.auth.mfa.challengeAndVerify({ factorId, code });
      expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
      expect((await b.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
      // the next time step's code still works
      expect((await b.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) })).error).toBeNull();
    });

    it('the same code sent by two sessions at once is accepted exactly once', async () => {
      const { address, factorId, secret } = await userWithFactor();
      const sessions = await Promise.all([newSession(address), newSession(address), newSession(address)]);
      const code = codeFor(secret);
      const results = await Promise.all(sessions.map((s) => s.auth.mfa.challengeAndVerify({ factorId, code })));
      expect(results.filter((r) => r.error === null)).toHaveLength(1);
    });

    it(`a factor locks after ${MFA_MAX_FAILED_VERIFICATIONS} wrong codes from different IPs; the right code is refused until the lock ends`, async () => {
      const { address, factorId, secret } = await userWithFactor();
      const s = await newSession(address);
      const token = (await s.auth.getSession()).data.session!.access_token;
      const wrong = codeFor(secret, 5);
      for (let i = 0; i < MFA_MAX_FAILED_VERIFICATIONS; i++) {
        expect(await verifyFrom(ip(), token, factorId, wrong)).toMatchObject({
          status: 422,
          body: { error_code: 'mfa_verification_failed' },
        });
      }
      const locked = await verifyFrom(ip(), token, factorId, codeFor(secret));
      expect(locked).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
      expect(locked.body.retry_after).toBeGreaterThan(MFA_LOCK_SECONDS - 60);
      const { rows } = await t.server.ctx.db.query<{ event_type: string }>(
        `select event_type from public.security_audit_log where event_type = 'auth.mfa_verification_failed' and event_details->>'factor_id' = $1 and event_details->>'locked' = 'true'`,
        [factorId],
      );
      expect(rows).toHaveLength(1);
      // the lock ends (15 minutes, moved here by hand): the right code works and the count starts again
      await t.server.ctx.db.query(`update auth.mfa_factors set locked_until = now() - interval '1 second' where id = $1`, [factorId]);
      expect((await verifyFrom(ip(), token, factorId, codeFor(secret))).status).toBe(200);
    });

    it('a successful verification resets the count of wrong codes', async () => {
      const { address, factorId, secret } = await userWithFactor();
      const token = (await (await newSession(address)).auth.getSession()).data.session!.access_token;
      for (let i = 0; i < MFA_MAX_FAILED_VERIFICATIONS - 1; i++)
        expect((await verifyFrom(ip(), token, factorId, codeFor(secret, 5))).status).toBe(422);
      expect((await verifyFrom(ip(), token, factorId, codeFor(secret))).status).toBe(200);
      const again = (await (await newSession(address)).auth.getSession()).data.session!.access_token;
      for (let i = 0; i < MFA_MAX_FAILED_VERIFICATIONS - 1; i++)
        expect((await verifyFrom(ip(), again, factorId, codeFor(secret, 5))).status).toBe(422);
      expect((await verifyFrom(ip(), again, factorId, codeFor(secret, 1))).status).toBe(200);
    });
  });

  describe('item 8: enumeration', () => {
    /** Every key in order, with each value replaced by its type (uuids, timestamps and e-mails by their kind). */
    function shape(v: unknown): unknown {
      if (Array.isArray(v)) return v.map(shape);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
      if (typeof v === 'string') {
        if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)) return 'uuid';
        if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v)) return 'timestamp';
        if (v.includes('@')) return 'email';
      }
      return v;
    }
    async function rawSignUp(address: string, data: Record<string, unknown>) {
      const res = await fetch(`${t.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip(), 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email: address, password: PASSWORD, data }),
      });
      const body = (await res.json()) as Record<string, unknown>;
      return { status: res.status, body, started: Date.now() };
    }
    const timesOf = (u: Record<string, unknown>) => {
      const identity = (u.identities as Array<Record<string, unknown>>)[0]!;
      return [u.created_at, u.updated_at, u.confirmation_sent_at, identity.created_at, identity.updated_at, identity.last_sign_in_at].map(
        (x) => Date.parse(String(x)),
      );
    };

    it('sign-up of an existing address answers exactly like a new one and mails the owner instead', async () => {
      const data = { full_name: 'Ada', plan: 'pro', a: 1 };
      const fresh = await rawSignUp(email(), data);
      const confirmed = email();
      await t.admin().auth.admin.createUser({ email: confirmed, password: PASSWORD, email_confirm: true, user_metadata: { other: 'x' } });
      const pending = email();
      await rawSignUp(pending, {});
      await sink.waitFor(pending);
      await t.server.ctx.db.query(`update auth.users set created_at = now() - interval '2 days' where email = $1`, [pending]);

      for (const address of [confirmed, pending]) {
        const again = await rawSignUp(address, data);
        expect(again.status).toBe(fresh.status);
        expect(JSON.stringify(shape(again.body))).toBe(JSON.stringify(shape(fresh.body)));
        expect(again.body.user_metadata).toEqual(data);
        expect(again.body.email).toBe(address);
        // a fresh id and "now" everywhere, as for a new account
        const { rows } = await t.server.ctx.db.query<{ id: string }>('select id from auth.users where email = $1', [address]);
        expect(again.body.id).not.toBe(rows[0]!.id);
        const times = timesOf(again.body);
        expect(new Set(times).size).toBe(1);
        expect(Math.abs(times[0]! - Date.now())).toBeLessThan(10_000);
      }
      expect(new Set(timesOf(fresh.body)).size).toBe(1);

      // the owner of the confirmed account is told; the pending one gets its confirmation again
      const notice = await sink.waitFor(confirmed);
      expect(notice.subject).toBe('Someone tried to sign up to Test Brand with your email');
      expect(notice.text).toContain(`${t.server.ctx.config.SITE_URL}/sign-in`);
      expect((await sink.waitFor(pending)).subject).toBe('Confirm your Test Brand account');
      // nothing about the accounts changed
      const { rows } = await t.server.ctx.db.query<{ raw_user_meta_data: Record<string, unknown> }>(
        'select raw_user_meta_data from auth.users where email = $1',
        [confirmed],
      );
      expect(rows[0]!.raw_user_meta_data).toMatchObject({ other: 'x' });
      expect((await t.client().auth.signInWithPassword({ email: confirmed, password: PASSWORD })).error).toBeNull();
    });

    it('/otp answers the same for known and unknown addresses (create_user false), and mails only the known one', async () => {
      const known = email();
      await t.admin().auth.admin.createUser({ email: known, password: PASSWORD, email_confirm: true });
      const unknown = email();
      const ask = async (address: string) => {
        const res = await fetch(`${t.url}/auth/v1/otp`, {
          method: 'POST',
          headers: {
            apikey: t.anonKey,
            'content-type': 'application/json',
            'x-forwarded-for': ip(),
            'x-supabase-api-version': '2024-01-01',
          },
          body: JSON.stringify({ email: address, create_user: false }),
        });
        return { status: res.status, body: await res.text() };
      };
      const a = await ask(known);
      const b = await ask(unknown);
      expect(a).toEqual({ status: 200, body: '{}' });
      expect(b).toEqual(a);
      expect((await sink.waitFor(known)).subject).toBe('Your Test Brand sign-in link');
      expect((await t.client().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } })).error).toBeNull();
      // a marker through the same path after it, instead of a fixed wait: once its mail is in, one to the unknown
      // address would be too
      const marker = email();
      await t.admin().auth.admin.createUser({ email: marker, password: PASSWORD, email_confirm: true });
      expect((await t.client().auth.signInWithOtp({ email: marker, options: { shouldCreateUser: false } })).error).toBeNull();
      await sink.waitFor(marker);
      expect(sink.messages.filter((m) => m.to === unknown)).toHaveLength(0);
      expect((await t.server.ctx.db.query('select 1 from auth.users where email = $1', [unknown])).rowCount).toBe(0);
    });
  });
});
