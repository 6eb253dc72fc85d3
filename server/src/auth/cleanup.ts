import type { AppContext } from '../context.js';
import { pruneRateLimits } from '../http/rate-limit.js';

/**
 * Most rows one statement of a cleanup deletes: each run is a short, bounded piece of work (on PGlite every other
 * request waits behind it), as GoTrue's cleanup (100 there). Only refresh grants make revoked tokens, one each, and
 * a cleanup follows about one token request in a hundred, so it removes them faster than they are made.
 */
export const CLEANUP_BATCH = 250;

/**
 * Deletes the oldest rows of `table` (at most $1) whose `column` is older than `age` (and which match `andWhere`): an index range scan (migration
 * 0570), oldest first; SKIP LOCKED: a row another transaction holds is left for the next run rather than waited for.
 */
const deleteOldest = (table: string, column: string, age: string, andWhere?: string) =>
  `delete from ${table} where id in (select id from ${table}
     where ${andWhere ? `${andWhere} and ` : ''}${column} < now() - ${age} order by ${column} limit $1 for update skip locked)`;

const AGED_OUT = [
  deleteOldest('auth.refresh_tokens', 'updated_at', `interval '24 hours'`, 'revoked'),
  deleteOldest('auth.flow_state', 'created_at', `interval '24 hours'`),
  deleteOldest('auth.mfa_challenges', 'created_at', `interval '24 hours'`),
];
const EXPIRED_ONE_TIME_TOKENS = deleteOldest('auth.one_time_tokens', 'created_at', 'make_interval(secs => $2)');

/**
 * Deletes what can no longer be used: revoked refresh tokens and flow states older than a day, MFA challenges older
 * than a day, expired one-time tokens (at most CLEANUP_BATCH rows of each), and expired rate-limit counters.
 */
export async function cleanupAuth(ctx: AppContext): Promise<void> {
  for (const sql of AGED_OUT) await ctx.db.query(sql, [CLEANUP_BATCH]);
  await ctx.db.query(EXPIRED_ONE_TIME_TOKENS, [CLEANUP_BATCH, ctx.config.AUTH_OTP_EXPIRY]);
  await pruneRateLimits(ctx);
}

let running = false;

/**
 * Runs cleanupAuth after roughly one token request in a hundred (as GoTrue's after-request cleanup), never
 * concurrently, never failing the request.
 */
export function maybeCleanup(ctx: AppContext, chance = 0.01): void {
  if (running || Math.random() >= chance) return;
  running = true;
  cleanupAuth(ctx)
    .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'auth cleanup failed'))
    .finally(() => (running = false));
}
