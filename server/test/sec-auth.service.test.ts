import { randomInt } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_FREE_FAILURES, SIGNIN_MAX_DELAY_SECONDS } from '../src/auth/signin-guard.js';
import { startTestServer, type TestServer } from './harness.js';

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
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k) },
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
    t = await startTestServer({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_SIGNIN_FAILURES_IP: '60', ...(store === 'redis' ? { REDIS_URL: redisUrl! } : {}) });
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
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(Math.min(waits[i - 1]! * 2 - 5, SIGNIN_MAX_DELAY_SECONDS - 5));
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
});
