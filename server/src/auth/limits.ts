import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.js';
import { createRateLimiter, rateLimit, type RateLimiter } from '../http/rate-limit.js';
import { authError, authRateLimited } from '../errors/auth.js';
import { requestMeta } from './request.js';
import { createSigninGuard } from './signin-guard.js';

const FIVE_MINUTES = 300;

/** The accounts service's limits (AUTH_RATE_LIMIT_*): per IP and endpoint, per e-mail address, and mail frequency. */
function createAuthLimits(ctx: AppContext) {
  const c = ctx.config;
  const perIp = (name: string, points = c.AUTH_RATE_LIMIT_IP, durationSeconds = FIVE_MINUTES) =>
    createRateLimiter(ctx, { keyPrefix: `auth-${name}-ip`, points, durationSeconds });
  return {
    signup: perIp('signup'),
    token: perIp('token', c.AUTH_RATE_LIMIT_TOKEN_IP),
    verify: perIp('verify'),
    recover: perIp('recover'),
    resend: perIp('resend'),
    otp: perIp('otp'),
    userUpdate: perIp('user'),
    mfa: perIp('mfa', 30, 60),
    /** Passkey ceremonies (options and answers, sign-in and registration). */
    passkey: perIp('passkey', c.AUTH_RATE_LIMIT_TOKEN_IP),
    /** Password sign-in: failures per IP+address (growing delays) and per IP (daily); see signin-guard.ts. */
    signin: createSigninGuard(ctx),
    /** Requests naming one address (sign-ups, OTP mails, verifications), whoever sends them. Not password sign-in. */
    email: createRateLimiter(ctx, { keyPrefix: 'auth-email', points: c.AUTH_RATE_LIMIT_EMAIL, durationSeconds: FIVE_MINUTES }),
    /** One auth mail per address per AUTH_EMAIL_MIN_INTERVAL, counted whether or not the address has an account. */
    mailSend:
      c.AUTH_EMAIL_MIN_INTERVAL > 0
        ? createRateLimiter(ctx, { keyPrefix: 'auth-mail', points: 1, durationSeconds: c.AUTH_EMAIL_MIN_INTERVAL })
        : undefined,
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

const cache = new WeakMap<AppContext, AuthLimits>();

/** The limits of this server (one set per ctx, shared by the routes and the in-process api.ts). */
export function authLimitsFor(ctx: AppContext): AuthLimits {
  let l = cache.get(ctx);
  if (!l) cache.set(ctx, (l = createAuthLimits(ctx)));
  return l;
}

type PerIpLimit = { [K in keyof AuthLimits]: AuthLimits[K] extends RateLimiter ? K : never }[keyof AuthLimits];

/**
 * Route middleware: the per-IP limit `name` (the table above), taken before the route's handler runs, as GoTrue
 * counts a request whatever it asks; over budget, GoTrue's 429. Mounted in the route definition:
 * `app.post('/signup', limitByIp(deps, 'signup'), handler)`.
 */
export function limitByIp({ ctx, limits }: { ctx: AppContext; limits: AuthLimits }, name: PerIpLimit): MiddlewareHandler {
  return rateLimit(
    limits[name],
    (c) => requestMeta(c, ctx).ip,
    (_c, retryAfterSeconds) => {
      throw authRateLimited(retryAfterSeconds);
    },
  );
}

/** 429 over_request_rate_limit when `key` is over `limiter`'s budget (limits that need the body: per address). */
export async function limitRequest(limiter: RateLimiter, key: string): Promise<void> {
  const r = await limiter.consume(key);
  if (!r.allowed) throw authRateLimited(r.retryAfterSeconds);
}

/** 429 over_email_send_rate_limit when a mail went to `email` less than AUTH_EMAIL_MIN_INTERVAL ago. */
export async function limitMailSend(limits: AuthLimits, email: string): Promise<void> {
  if (!limits.mailSend) return;
  const r = await limits.mailSend.consume(email);
  if (!r.allowed)
    throw authError('over_email_send_rate_limit', `For security purposes, you can only request this after ${r.retryAfterSeconds} seconds.`);
}
