import type { AppContext } from '../context.js';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.js';
import { authRateLimited } from '../errors/auth.js';

/**
 * Password sign-in protection (docs/decisions/0033), after OWASP's and rate-limiter-flexible's "login endpoint
 * protection": failures are counted per IP+address (growing delays) and per IP (a daily budget), never per
 * address alone, so nobody can lock an owner out from another IP.
 */
export const SIGNIN_FREE_FAILURES = 5;
/** The delay after the SIGNIN_FREE_FAILURES-th consecutive failure; it doubles with every further one. */
export const SIGNIN_FIRST_DELAY_SECONDS = 15;
export const SIGNIN_MAX_DELAY_SECONDS = 3600;
/** A run of failures for one IP+address is forgotten 24 hours after it began (or at the first success). */
const PAIR_WINDOW_SECONDS = 86_400;
/** How long an attempt past the free ones holds the gate while its password is checked (bounded by a crash). */
const IN_FLIGHT_HOLD_SECONDS = 30;

/** Seconds an IP+address pair must wait after its `failures`-th consecutive failure (0: none). */
export function delayAfterFailures(failures: number): number {
  if (failures < SIGNIN_FREE_FAILURES) return 0;
  return Math.min(SIGNIN_MAX_DELAY_SECONDS, SIGNIN_FIRST_DELAY_SECONDS * 2 ** Math.min(failures - SIGNIN_FREE_FAILURES, 30));
}

export interface SigninGuard {
  ipFailures: RateLimiter;
  pairFailures: RateLimiter;
  pairGate: RateLimiter;
}

export function createSigninGuard(ctx: AppContext): SigninGuard {
  return {
    ipFailures: createRateLimiter(ctx, {
      keyPrefix: 'auth-signin-ip',
      points: ctx.config.AUTH_RATE_LIMIT_SIGNIN_FAILURES_IP,
      durationSeconds: 86_400,
    }),
    pairFailures: createRateLimiter(ctx, { keyPrefix: 'auth-signin-pair', points: 1_000_000_000, durationSeconds: PAIR_WINDOW_SECONDS }),
    pairGate: createRateLimiter(ctx, { keyPrefix: 'auth-signin-gate', points: 1, durationSeconds: IN_FLIGHT_HOLD_SECONDS }),
  };
}

const tooMany = authRateLimited;

export interface SigninAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Admits one password check for `email` from `ip`, or answers 429. Every attempt is counted before the check
 * (so a parallel burst cannot slip past) and given back when the password was right; past the free failures,
 * attempts pass a one-at-a-time gate that each failure closes for a doubling delay.
 */
export async function beginSignin(g: SigninGuard, ip: string, email: string): Promise<SigninAttempt> {
  const perIp = await g.ipFailures.consume(ip);
  if (!perIp.allowed) throw tooMany(perIp.retryAfterSeconds);
  const pair = `${ip}|${email}`;
  const failures = await g.pairFailures.count(pair); // this attempt included
  if (failures > SIGNIN_FREE_FAILURES) {
    const gate = await g.pairGate.take(pair, IN_FLIGHT_HOLD_SECONDS);
    if (!gate.allowed) {
      // a refused attempt is not a failure: give both points back
      await Promise.all([g.ipFailures.refund(ip), g.pairFailures.refund(pair)]);
      throw tooMany(gate.retryAfterSeconds);
    }
  }
  return {
    async succeeded() {
      await Promise.all([g.ipFailures.refund(ip), g.pairFailures.reset(pair), g.pairGate.reset(pair)]);
    },
    async failed() {
      const delay = delayAfterFailures(failures);
      if (delay > 0) await g.pairGate.block(pair, delay);
    },
  };
}
