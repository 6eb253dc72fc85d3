import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import { appRateLimited } from '../errors/json.js';
import { clientIp } from '../http/client-ip.js';
import { createRateLimiter, rateLimit } from '../http/rate-limit.js';

/** /api's rate limits, one line per limited route; each is attached where its route is mounted (api/*.ts). */
export const API_LIMITS = {
  /** Joins per client IP: generous for a shared office NAT, tight enough to stop a script. */
  waitlist: { keyPrefix: 'waitlist-ip', points: 20, durationSeconds: 600 },
  accountDelete: { keyPrefix: 'account-delete-ip', points: 10, durationSeconds: 300 },
  /** Every /api/admin call, per IP. */
  admin: { keyPrefix: 'admin-api-ip', points: 600, durationSeconds: 60 },
  /** Signed URLs per signed-in user. */
  voice: { keyPrefix: 'voice-signed-url', points: 30, durationSeconds: 300 },
  /** The weekly review's unsubscribe link (no sign-in), per IP: a person clicks it once or twice. */
  unsubscribe: { keyPrefix: 'weekly-review-unsubscribe-ip', points: 30, durationSeconds: 300 },
} as const;

export type ApiLimit = keyof typeof API_LIMITS;

/** The middleware for `name`: keyed by the client IP unless `key` says otherwise; answers /api's 429. */
export function apiRateLimit(ctx: AppContext, name: ApiLimit, key: (c: Context) => string = (c) => clientIp(c, ctx.config)) {
  return rateLimit(createRateLimiter(ctx, API_LIMITS[name]), key, appRateLimited);
}
