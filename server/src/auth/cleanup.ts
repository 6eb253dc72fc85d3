import type { AppContext } from '../context.js';
import { pruneRateLimits } from '../http/rate-limit.js';

/**
 * Most rows one statement of a cleanup deletes: each run is a short, bounded piece of work (on PGlite every other
 * request waits behind it), as GoTrue's cleanup (100 there). Only refresh grants make revoked tokens, one each, and
 * a cleanup follows about one token request in a hundred, so it removes them faster than they are made.
 */
export const CLEANUP_BATCH = 250;

// Each an index range scan (migration 0570), oldest first; SKIP LOCKED: a row another transaction holds is left
// for the next run rather than waited for.
const AGED_OUT = [
  `delete from auth.refresh_tokens where id in (select id from auth.refresh_tokens
     where revoked and updated_at < now() - interval '24 hours' order by updated_at limit $1 for update skip locked)`,
  `delete from auth.flow_state where id in (select id from auth.flow_state
     where created_at < now() - interval '24 hours' order by created_at limit $1 for update skip locked)`,
  `delete from auth.mfa_challenges where id in (select id from auth.mfa_challenges
     where created_at < now() - interval '24 hours' order by created_at limit $1 for update skip locked)`,
];
const EXPIRED_ONE_TIME_TOKENS = `delete from auth.one_time_tokens where id in (select id from auth.one_time_tokens
  where created_at < now() - make_interval(secs => $2) order by created_at limit $1 for update skip locked)`;

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
