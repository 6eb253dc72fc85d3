import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { summarise } from '../lib/stats.js';
import type { Availability } from '../lib/types.js';
import { call, describeAnswer, type Target } from './http.js';

export interface BenchUser {
  email: string;
  password: string;
}

/** A fresh account for the sign-in and refresh cases; "not available" when /auth/v1 does not answer yet. */
export async function createBenchUser(target: Target): Promise<{ availability: Availability; user?: BenchUser }> {
  const user = { email: `bench-${randomBytes(5).toString('hex')}@example.com`, password: `Bench-${randomBytes(9).toString('base64url')}` };
  const signup = await call(target, 'POST', '/auth/v1/signup', { body: { ...user, data: { first_name: 'Bench' } } });
  if (signup.status >= 300) return { availability: { available: false, reason: `sign-up: ${describeAnswer(signup)}` } };
  const grant = await passwordGrant(target, user);
  if (!grant.refreshToken) return { availability: { available: false, reason: `password grant: ${describeAnswer(grant.answer)}` } };
  return { availability: { available: true }, user };
}

export async function passwordGrant(target: Target, user: BenchUser) {
  const answer = await call(target, 'POST', '/auth/v1/token?grant_type=password', { body: user });
  const body = answer.body as { access_token?: string; refresh_token?: string } | null;
  return { answer, accessToken: body?.access_token, refreshToken: body?.refresh_token };
}

/** `n` sequential password grants (no concurrency): what one person waits for when signing in. */
export async function timeSignIns(target: Target, user: BenchUser, n: number) {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const { refreshToken } = await passwordGrant(target, user);
    const ms = performance.now() - t0;
    if (refreshToken) times.push(ms);
    else failures++;
  }
  const s = summarise(times);
  return { samples: times.length, failures, medianMs: s.p50, p95Ms: s.p95 };
}

/** A shared pool of live refresh tokens: each request takes one, each 200 answer gives the rotated one back. */
export class RefreshTokenPool {
  private tokens: string[] = [];
  constructor(
    private readonly target: Target,
    private readonly user: BenchUser,
  ) {}

  /** Tops the pool up with fresh sessions (tokens in flight when a run stops are lost), so no connection starves. */
  async refill(size: number) {
    while (this.tokens.length < size) {
      const { refreshToken, answer } = await passwordGrant(this.target, this.user);
      if (!refreshToken) throw new Error(`password grant for the refresh pool failed: ${describeAnswer(answer)}`);
      this.tokens.push(refreshToken);
    }
  }

  /** A spent placeholder when empty: the server answers 4xx and the run counts it as an error, honestly. */
  take(): string {
    return this.tokens.shift() ?? 'pool-exhausted';
  }

  giveBack(token: string | undefined) {
    if (token) this.tokens.push(token);
  }
}
