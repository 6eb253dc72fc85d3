import type { Context } from 'hono';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { appErrorResponse } from '../errors/json.js';
import { writeAudit } from '../security/audit.js';
import { stripeClient, TOP_UP_PACKS } from './stripe-client.js';

const UserId = z.string().uuid();
const PlanId = z.enum(['basic', 'pro', 'growth']);
const PLAN_CREDITS_SQL = 'select credits from public.plans where id = $1';

/**
 * POST /api/billing/stripe-webhook: the only source of truth for payments (issue 41, docs/billing.md). The
 * signature is verified with the SDK before anything else is read; each event id is stored in the same
 * transaction as its effects, so a replay is a 200 that changes nothing. Customers are matched by the user id our
 * server gave Stripe (client_reference_id, metadata), or by the Stripe ids recorded from such events; never by e-mail.
 */
export async function handleStripeWebhook(ctx: AppContext, c: Context): Promise<Response> {
  const stripe = stripeClient(ctx.config);
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return appErrorResponse(c, 'billing_not_configured', 'Stripe is not configured');
  const raw = await c.req.text();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, c.req.header('stripe-signature') ?? '', secret);
  } catch {
    return appErrorResponse(c, 'invalid_signature');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const fresh = await tx.query('insert into public.stripe_events (id, type) values ($1, $2) on conflict (id) do nothing returning id', [
      event.id,
      event.type,
    ]);
    if (fresh.rows.length === 0) return 'duplicate' as const;
    await applyEvent(ctx, tx, event);
    return 'processed' as const;
  });
  if (outcome === 'processed') {
    await writeAudit(ctx.db, { event_type: 'billing.stripe_event', severity: 'info', details: { id: event.id, type: event.type } });
  }
  return c.json({ received: true, duplicate: outcome === 'duplicate' });
}

async function applyEvent(ctx: AppContext, tx: Queryable, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(tx, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(ctx, tx, event.data.object, event.type === 'customer.subscription.deleted');
    case 'invoice.paid':
      return invoicePaid(tx, event.data.object);
    default:
      return;
  }
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

async function checkoutCompleted(tx: Queryable, session: Stripe.Checkout.Session): Promise<void> {
  const user = UserId.safeParse(session.client_reference_id);
  if (!user.success || session.metadata?.user_id !== user.data) return;
  const userId = user.data;
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  await tx.query(
    `insert into public.billing_customers (user_id, stripe_customer_id, stripe_subscription_id, currency)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update set
       stripe_customer_id = coalesce(excluded.stripe_customer_id, billing_customers.stripe_customer_id),
       stripe_subscription_id = coalesce(excluded.stripe_subscription_id, billing_customers.stripe_subscription_id),
       currency = coalesce(excluded.currency, billing_customers.currency), updated_at = now()`,
    [userId, customer, subscription, session.currency === 'gbp' || session.currency === 'usd' ? session.currency : null],
  );
  if (session.mode === 'payment' && session.metadata?.kind === 'top_up' && session.payment_status === 'paid') {
    const credits = Number(session.metadata.credits);
    if (!(TOP_UP_PACKS as readonly number[]).includes(credits)) return;
    await tx.query(
      `insert into public.credit_ledger (user_id, delta, reason, grant_key) values ($1, $2, 'top_up', $3)
       on conflict (user_id, grant_key) where grant_key is not null do nothing`,
      [userId, credits, `checkout:${session.id}`],
    );
  }
}

/** The user a subscription belongs to: its metadata (set by our checkout), else the id recorded from checkout. */
async function subscriptionUser(tx: Queryable, subscriptionId: string, metadataUser: string | undefined): Promise<string | null> {
  const fromMeta = UserId.safeParse(metadataUser);
  if (fromMeta.success) return fromMeta.data;
  const r = await tx.query<{ user_id: string }>('select user_id from public.billing_customers where stripe_subscription_id = $1', [
    subscriptionId,
  ]);
  return r.rows[0]?.user_id ?? null;
}

const periodEnd = (sub: Stripe.Subscription): number | null =>
  sub.items?.data?.[0]?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? null;
const periodStart = (sub: Stripe.Subscription): number | null =>
  sub.items?.data?.[0]?.current_period_start ?? (sub as unknown as { current_period_start?: number }).current_period_start ?? null;

async function subscriptionChanged(ctx: AppContext, tx: Queryable, sub: Stripe.Subscription, deleted: boolean): Promise<void> {
  const userId = await subscriptionUser(tx, sub.id, sub.metadata?.user_id);
  if (!userId) return;
  const plan = PlanId.safeParse(sub.metadata?.plan_id);
  // Stripe's statuses in ours: a subscription cancelled at period end stays active until Stripe deletes it then.
  const status = deleted
    ? 'canceled'
    : sub.status === 'active' || sub.status === 'trialing'
      ? 'active'
      : sub.status === 'past_due'
        ? 'past_due'
        : sub.status === 'canceled' || sub.status === 'unpaid' || sub.status === 'incomplete_expired'
          ? 'canceled'
          : null;
  if (!status) return; // incomplete: the first payment has not gone through yet
  const start = periodStart(sub);
  const end = periodEnd(sub);
  await tx.query(
    `insert into public.billing_customers (user_id, stripe_customer_id, stripe_subscription_id) values ($1, $2, $3)
     on conflict (user_id) do update set stripe_customer_id = excluded.stripe_customer_id,
       stripe_subscription_id = excluded.stripe_subscription_id, updated_at = now()`,
    [userId, idOf(sub.customer), sub.id],
  );
  await tx.query(
    `update public.subscriptions set
       plan_id = coalesce($2, plan_id), status = $3, trial_ends_at = null,
       current_period_start = coalesce(to_timestamp($4), current_period_start),
       current_period_end = coalesce(to_timestamp($5), current_period_end),
       cancel_at_period_end = $6,
       grace_until = case when $3 = 'past_due' then coalesce(grace_until, now() + make_interval(days => $7)) else null end
     where user_id = $1`,
    [userId, plan.success ? plan.data : null, status, start, end, Boolean(sub.cancel_at_period_end), ctx.config.STRIPE_GRACE_DAYS],
  );
}

async function invoicePaid(tx: Queryable, invoice: Stripe.Invoice): Promise<void> {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription) ?? idOf((invoice as unknown as { subscription?: string | null }).subscription);
  if (!subscriptionId) return;
  const userId = await subscriptionUser(tx, subscriptionId, details?.metadata?.user_id ?? undefined);
  if (!userId) return;
  const plan = PlanId.safeParse(details?.metadata?.plan_id);
  const planId = plan.success
    ? plan.data
    : (await tx.query<{ plan_id: string }>('select plan_id from public.subscriptions where user_id = $1', [userId])).rows[0]?.plan_id;
  if (!planId) return;
  const credits = (await tx.query<{ credits: number }>(PLAN_CREDITS_SQL, [planId])).rows[0]?.credits ?? 0;
  const start = invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start;
  await tx.query('select public.billing_grant_period($1, $2, $3)', [userId, credits, `period:${subscriptionId}:${start}`]);
}
