import type { Context, MiddlewareHandler } from 'hono';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppContext } from '../context.js';
import { rateLimitRefusals } from '../metrics.js';

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Takes `points` (default 1) for `key` (an IP, an e-mail...); says whether the caller is still within the limit.
   * Row-counting limits pass the number of rows a request writes, so one batch of 30 counts as 30.
   */
  consume(key: string, points?: number): Promise<RateLimitResult>;
  /** Says whether `key` is already over the limit, without taking a point (to count only failures). */
  peek(key: string): Promise<RateLimitResult>;
  /** Takes one point and says how many `key` holds now (a counter of consecutive failures). 0 when limits are off. */
  count(key: string): Promise<number>;
  /**
   * Takes the single point of a one-point limiter and keeps it for `holdSeconds` (a gate that one caller at a
   * time passes, atomically on every store); refused while someone holds it or it is blocked.
   */
  take(key: string, holdSeconds: number): Promise<RateLimitResult>;
  /** Refuses `key` for `seconds` from now, whatever it held. */
  block(key: string, seconds: number): Promise<void>;
  /** Gives back `points` taken for `key` (a request that turned out not to count). */
  refund(key: string, points?: number): Promise<void>;
  /** Forgets `key` (a success ends a run of failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  /** Namespace of the counters, e.g. 'auth-signup-ip'. Must be unique per limit. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

// One Redis connection per server (ctx), shared by all its limiters; closed by closeRateLimitStores.
const redisClients = new WeakMap<AppContext, Redis>();

function redisFor(ctx: AppContext, url: string): Redis {
  let client = redisClients.get(ctx);
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 2 });
    client.on('error', (err) => ctx.log.warn({ err: err.message }, 'rate-limit redis error'));
    redisClients.set(ctx, client);
  }
  return client;
}

/** Closes the Redis connection opened for this server's limiters, if any. */
export async function closeRateLimitStores(ctx: AppContext): Promise<void> {
  const client = redisClients.get(ctx);
  redisClients.delete(ctx);
  if (client) await client.quit().catch(() => client.disconnect());
}

/**
 * A fixed-window limiter stored in Redis (REDIS_URL) or in our PostgreSQL (internal.rate_limits,
 * migration 0003; works on PGlite too), so limits hold across instances. See docs/decisions/0002.
 * If the store fails, a per-process memory limiter with the same limit takes over (never fail open).
 */
export function createRateLimiter(ctx: AppContext, opts: RateLimiterOptions): RateLimiter {
  if (ctx.config.RATE_LIMIT_DISABLED) {
    const open = async () => ({ allowed: true }) as const;
    return {
      consume: open,
      peek: open,
      take: open,
      count: async () => 0,
      block: async () => {},
      refund: async () => {},
      reset: async () => {},
    };
  }
  const base = { keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds };
  const insuranceLimiter = new RateLimiterMemory(base);
  let limiter: RateLimiterAbstract;
  if (ctx.config.REDIS_URL) {
    limiter = new RateLimiterRedis({ ...base, storeClient: redisFor(ctx, ctx.config.REDIS_URL), insuranceLimiter });
  } else {
    // rate-limiter-flexible's PostgreSQL limiter, given our Database (PGlite or pg pool) as its client.
    const storeClient = { query: (q: { text: string; values?: unknown[] }) => ctx.db.query(q.text, q.values ?? []) };
    limiter = new RateLimiterPostgres({
      ...base,
      storeClient,
      storeType: 'pool',
      schemaName: 'internal',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      insuranceLimiter,
    });
  }
  const norm = (key: string) => key.toLowerCase().slice(0, 200);
  const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    // the sign-in guard's primitives first (docs/decisions/0033), then the plain consume/peek
    async take(key, holdSeconds) {
      try {
        await limiter.consume(norm(key), 1, { customDuration: holdSeconds });
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfter(res.msBeforeNext) };
        throw res;
      }
    },
    async count(key) {
      try {
        return (await limiter.consume(norm(key), 1)).consumedPoints;
      } catch (res) {
        if (res instanceof RateLimiterRes) return res.consumedPoints;
        throw res;
      }
    },
    async block(key, seconds) {
      await limiter.block(norm(key), seconds);
    },
    async refund(key, points = 1) {
      await limiter.reward(norm(key), points);
    },
    async reset(key) {
      await limiter.delete(norm(key));
    },
    async consume(key, points = 1) {
      try {
        await limiter.consume(norm(key), points);
        return { allowed: true };
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        rateLimitRefusals.inc({ limit: opts.keyPrefix });
        return { allowed: false, retryAfterSeconds: retryAfter(res.msBeforeNext) };
      }
    },
    async peek(key) {
      const res = await limiter.get(norm(key)).catch(() => null); // a store failure must not lock anyone out
      if (!res || res.consumedPoints < opts.points) return { allowed: true };
      rateLimitRefusals.inc({ limit: opts.keyPrefix });
      return { allowed: false, retryAfterSeconds: retryAfter(res.msBeforeNext) };
    },
  };
}

/** Deletes counters that expired over an hour ago (PostgreSQL store only; Redis expires keys itself). */
export async function pruneRateLimits(ctx: AppContext): Promise<void> {
  if (ctx.config.REDIS_URL) return;
  await ctx.db.query('delete from internal.rate_limits where expire < $1', [Date.now() - 3_600_000]);
}

/** How a service answers a refused request, in its own error format (it may throw its error instead). */
export type RefuseRateLimited = (c: Context, retryAfterSeconds: number) => Response | Promise<Response>;

/**
 * A route's rate limit, declared where the route is mounted: one point of `limiter` per request for `key` (usually
 * the client IP), taken before the handler runs; over budget, `refuse` answers in the service's format.
 */
export function rateLimit(limiter: RateLimiter, key: (c: Context) => string, refuse: RefuseRateLimited): MiddlewareHandler {
  return async (c, next) => {
    const r = await limiter.consume(key(c));
    if (!r.allowed) return refuse(c, r.retryAfterSeconds);
    await next();
  };
}
