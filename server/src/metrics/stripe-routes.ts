import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { appError, appRateLimited } from '../errors/json.js';
import { parseJsonBody } from '../http/body.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { requireSignedIn } from '../api/signed-in.js';
import { checkReadOnlyKey, customerStripe, keyHint, RESTRICTED_KEY, secretBoxFor, syncStripeMetrics } from './stripe-source.js';

const ConnectBody = z.object({ key: z.string().trim().min(1).max(300) });

/**
 * /api/metrics/stripe (issue 42): connect a read-only Stripe key (checked, sealed, then the months read at once),
 * sync now, disconnect. The key goes in and never comes out; the browser reads the hint and the sync state
 * through /rest/v1 (stripe_metric_sources' readable columns).
 */
export function stripeMetricsRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  // Each attempt calls Stripe up to four times: a few an hour is plenty for a person pasting a key.
  const attempts = createRateLimiter(ctx, { keyPrefix: 'stripe-metrics-user', points: 10, durationSeconds: 3600 });

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  async function connectStripeKey(c: Context) {
    const { user } = await requireSignedIn(ctx, c);
    const body = await parseJsonBody(c, ConnectBody);
    if (!body.ok) throw appError('validation_failed', body.message);
    const key = body.data.key;
    if (!RESTRICTED_KEY.test(key)) throw appError('stripe_key_not_restricted');
    const limit = await attempts.consume(user.id);
    if (!limit.allowed) return appRateLimited(c, limit.retryAfterSeconds);
    await checkReadOnlyKey(customerStripe(ctx.config, key));
    const box = secretBoxFor(ctx);
    await ctx.db.query(
      `insert into public.stripe_metric_sources (user_id, key_ciphertext, key_hint, status, last_error)
       values ($1, $2, $3, 'connected', null)
       on conflict (user_id) do update set key_ciphertext = excluded.key_ciphertext, key_hint = excluded.key_hint,
         status = 'connected', last_error = null, created_at = now()`,
      [user.id, box.seal(key), keyHint(key)],
    );
    return c.json({ key_hint: keyHint(key), ...(await syncStripeMetrics(ctx, box, user.id)) });
  }
  app.post('/', connectStripeKey);

  async function syncStripeNow(c: Context) {
    const { user } = await requireSignedIn(ctx, c);
    const limit = await attempts.consume(user.id);
    if (!limit.allowed) return appRateLimited(c, limit.retryAfterSeconds);
    return c.json(await syncStripeMetrics(ctx, secretBoxFor(ctx), user.id));
  }
  app.post('/sync', syncStripeNow);

  async function disconnectStripe(c: Context) {
    const { user } = await requireSignedIn(ctx, c);
    await ctx.db.query('delete from public.stripe_metric_sources where user_id = $1', [user.id]);
    return c.body(null, 204);
  }
  app.delete('/', disconnectStripe);
  return app;
}
