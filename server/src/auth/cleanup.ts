import type { AppContext } from '../context.js';
import { pruneRateLimits } from '../http/rate-limit.js';

let running = false;

/**
 * Deletes what can no longer be used: revoked refresh tokens and flow states older than a day, MFA
 * challenges older than a day, expired one-time tokens. Run after roughly one sign-in in a hundred
 * (as GoTrue's after-request cleanup), never concurrently, never failing the request.
 */
export function maybeCleanup(ctx: AppContext, chance = 0.01): void {
  if (running || Math.random() >= chance) return;
  running = true;
  void (async () => {
    try {
      await ctx.db.query(`delete from auth.refresh_tokens where revoked and updated_at < now() - interval '24 hours'`);
      await ctx.db.query(`delete from auth.flow_state where created_at < now() - interval '24 hours'`);
      await ctx.db.query(`delete from auth.mfa_challenges where created_at < now() - interval '24 hours'`);
      await ctx.db.query(`delete from auth.one_time_tokens where created_at < now() - make_interval(secs => $1)`, [
        ctx.config.AUTH_OTP_EXPIRY,
      ]);
      await pruneRateLimits(ctx);
    } catch (err) {
      ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'auth cleanup failed');
    } finally {
      running = false;
    }
  })();
}
