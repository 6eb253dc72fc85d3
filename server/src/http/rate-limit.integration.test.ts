import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { openPglite } from '../db/pglite/pglite.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import type { Database } from '../db/index.js';
import { createLogger } from '../log.js';
import { closeRateLimitStores, createRateLimiter, pruneRateLimits } from './rate-limit.js';

function ctxWith(db: Database, env: Record<string, string> = {}): AppContext {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  return { config, db, log: createLogger(config) } as unknown as AppContext;
}

describe('createRateLimiter on PostgreSQL (PGlite)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    // only the limiter's own table (migration 0003), not the whole schema
    await db.exec(readFileSync(path.join(MIGRATIONS_DIR, '0003_rate_limits.sql'), 'utf8'));
  }, 60_000);
  afterAll(() => db.close());

  it('allows `points` calls per key, then refuses with a retry time', async () => {
    const rl = createRateLimiter(ctxWith(db), { keyPrefix: 'test-a', points: 3, durationSeconds: 60 });
    for (let i = 0; i < 3; i++) expect(await rl.consume('1.2.3.4')).toEqual({ allowed: true });
    const denied = await rl.consume('1.2.3.4');
    expect(denied.allowed).toBe(false);
    if (!denied.allowed) expect(denied.retryAfterSeconds).toBeGreaterThan(50);
    expect(await rl.consume('5.6.7.8')).toEqual({ allowed: true }); // other keys are untouched
  });

  it('peek reports the state without taking a point', async () => {
    const rl = createRateLimiter(ctxWith(db), { keyPrefix: 'test-p', points: 2, durationSeconds: 60 });
    expect(await rl.peek('x')).toEqual({ allowed: true });
    await rl.consume('x');
    expect(await rl.peek('x')).toEqual({ allowed: true });
    await rl.consume('x');
    const r = await rl.peek('x');
    expect(r.allowed).toBe(false);
    expect((await db.query<{ points: number }>("select points from internal.rate_limits where key = 'test-p:x'")).rows[0]?.points).toBe(2);
  });

  it('shares counters between limiters with the same prefix (as several instances would)', async () => {
    const ctx = ctxWith(db);
    const a = createRateLimiter(ctx, { keyPrefix: 'test-b', points: 2, durationSeconds: 60 });
    const b = createRateLimiter(ctx, { keyPrefix: 'test-b', points: 2, durationSeconds: 60 });
    expect((await a.consume('k')).allowed).toBe(true);
    expect((await b.consume('K')).allowed).toBe(true); // keys are case-insensitive (e-mails)
    expect((await a.consume('k')).allowed).toBe(false);
    const rows = await db.query<{ points: number }>("select points from internal.rate_limits where key = 'test-b:k'");
    expect(rows.rows[0]?.points).toBe(3);
  });

  it('starts a new window after the duration', async () => {
    const rl = createRateLimiter(ctxWith(db), { keyPrefix: 'test-c', points: 1, durationSeconds: 1 });
    expect((await rl.consume('x')).allowed).toBe(true);
    expect((await rl.consume('x')).allowed).toBe(false);
    // The store compares windows with the caller's clock (Date.now()): move it past the window instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1_100);
      expect((await rl.consume('x')).allowed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('prunes long-expired counters', async () => {
    await db.query("insert into internal.rate_limits values ('old:x', 1, $1)", [Date.now() - 7_200_000]);
    await pruneRateLimits(ctxWith(db));
    expect((await db.query("select 1 from internal.rate_limits where key = 'old:x'")).rowCount).toBe(0);
  });

  it('count, take, block, refund and reset (the sign-in guard primitives)', async () => {
    const counter = createRateLimiter(ctxWith(db), { keyPrefix: 'test-e', points: 1000, durationSeconds: 60 });
    expect(await counter.count('k')).toBe(1);
    expect(await counter.count('k')).toBe(2);
    await counter.refund('k');
    expect(await counter.count('k')).toBe(2);
    await counter.reset('k');
    expect(await counter.count('k')).toBe(1);

    const gate = createRateLimiter(ctxWith(db), { keyPrefix: 'test-g', points: 1, durationSeconds: 60 });
    expect(await gate.take('k', 5)).toEqual({ allowed: true });
    const held = await gate.take('k', 5);
    expect(held.allowed).toBe(false);
    if (!held.allowed) expect(held.retryAfterSeconds).toBeLessThanOrEqual(5); // the hold, not the 60 s default
    await gate.block('k', 120);
    const blocked = await gate.take('k', 5);
    if (!blocked.allowed) expect(blocked.retryAfterSeconds).toBeGreaterThan(100);
    expect(blocked.allowed).toBe(false);
    await gate.reset('k');
    expect(await gate.take('k', 5)).toEqual({ allowed: true });
  });

  it('always allows when RATE_LIMIT_DISABLED is true', async () => {
    const rl = createRateLimiter(ctxWith(db, { RATE_LIMIT_DISABLED: 'true' }), { keyPrefix: 'test-d', points: 1, durationSeconds: 60 });
    for (let i = 0; i < 5; i++) expect((await rl.consume('x')).allowed).toBe(true);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('rate-limit.integration.test.ts: TEST_REDIS_URL is not set; the Redis store tests are skipped');

describe.skipIf(!redisUrl)('createRateLimiter on Redis', () => {
  it('counts in Redis and refuses over the limit', async () => {
    const ctx = ctxWith({} as Database, { REDIS_URL: redisUrl! });
    const prefix = `test-${randomUUID()}`;
    const rl = createRateLimiter(ctx, { keyPrefix: prefix, points: 2, durationSeconds: 30 });
    const again = createRateLimiter(ctx, { keyPrefix: prefix, points: 2, durationSeconds: 30 });
    expect((await rl.consume('ip')).allowed).toBe(true);
    expect((await again.consume('ip')).allowed).toBe(true);
    const denied = await rl.consume('ip');
    expect(denied.allowed).toBe(false);
    if (!denied.allowed) expect(denied.retryAfterSeconds).toBeGreaterThan(20);
    await closeRateLimitStores(ctx);
  });
});
