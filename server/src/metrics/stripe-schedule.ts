import type { AppContext } from '../context.js';
import { scheduleJob, type JobQueue } from '../jobs/queue.js';
import { secretBoxFor, syncStripeMetrics } from './stripe-source.js';

export const STRIPE_METRICS_JOB = 'stripe-metrics-daily';

/**
 * Keeps every connected Stripe account's revenue and customers up to date once a day (05:30 UK time, before the
 * working day), on the durable job queue: one run per day across instances, retried if the process dies. One
 * customer's failure is recorded on their row and does not stop the others.
 */
export async function scheduleStripeMetrics(queue: JobQueue, ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<void> {
  await scheduleJob(queue, STRIPE_METRICS_JOB, '30 5 * * *', { tz: 'Europe/London', retryLimit: 3, retryBackoff: true }, () =>
    syncAllStripeMetrics(ctx),
  );
}

export async function syncAllStripeMetrics(ctx: Pick<AppContext, 'db' | 'config' | 'log'>): Promise<{ ok: number; failed: number }> {
  const { rows } = await ctx.db.query<{ user_id: string }>('select user_id from public.stripe_metric_sources order by user_id');
  let ok = 0;
  for (const { user_id } of rows) if ((await syncStripeMetrics(ctx, secretBoxFor(ctx), user_id)).ok) ok++;
  return { ok, failed: rows.length - ok };
}
