import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { appError } from '../errors/json.js';
import { parseJsonBody } from '../http/body.js';
import { requireSignedIn } from '../api/signed-in.js';
import { planPrice, stripeClient, TOP_UP_PACKS, topUpPrice } from './stripe-client.js';
import { handleStripeWebhook } from './webhook.js';

const CheckoutBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: z.enum(['basic', 'pro', 'growth']), currency: z.enum(['gbp', 'usd']) }),
  z.object({
    kind: z.literal('top_up'),
    credits: z.union(TOP_UP_PACKS.map((n) => z.literal(n)) as [z.ZodLiteral<1000>, z.ZodLiteral<5000>, z.ZodLiteral<10000>]),
    currency: z.enum(['gbp', 'usd']),
  }),
]);

const notConfigured = () => appError('billing_not_configured');

/**
 * /api/billing (issue 41, docs/billing.md): checkout and the customer portal for signed-in customers, and the
 * Stripe webhook. The customer is identified by their token only; Stripe learns our user id as
 * client_reference_id and metadata, which the webhook matches (never the e-mail).
 */
export function billingRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const stripeCustomerOf = async (userId: string) =>
    (
      await ctx.db.query<{ stripe_customer_id: string | null }>(
        'select stripe_customer_id from public.billing_customers where user_id = $1',
        [userId],
      )
    ).rows[0]?.stripe_customer_id ?? undefined;

  async function startCheckout(c: Context) {
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSignedIn(ctx, c);
    const stripe = stripeClient(ctx.config);
    if (!stripe) throw notConfigured();
    const body = await parseJsonBody(c, CheckoutBody);
    if (!body.ok) throw appError('validation_failed', body.message);
    const order = body.data;
    const price =
      order.kind === 'plan' ? planPrice(ctx.config, order.plan, order.currency) : topUpPrice(ctx.config, order.credits, order.currency);
    if (!price) throw notConfigured();
    const metadata: Record<string, string> =
      order.kind === 'plan'
        ? { user_id: user.id, kind: 'plan', plan_id: order.plan }
        : { user_id: user.id, kind: 'top_up', credits: String(order.credits) };
    const customer = await stripeCustomerOf(user.id);
    const site = ctx.config.SITE_URL;
    const session = await stripe.checkout.sessions.create({
      mode: order.kind === 'plan' ? 'subscription' : 'payment',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      metadata,
      ...(order.kind === 'plan' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      ...(customer && { customer }),
      ...(ctx.config.STRIPE_TAX_ENABLED && { automatic_tax: { enabled: true }, billing_address_collection: 'required' as const }),
      success_url: `${site}/dashboard?checkout=success`,
      cancel_url: `${site}/dashboard?checkout=cancelled`,
    });
    if (!session.url) throw appError('billing_unavailable');
    return c.json({ url: session.url });
  }
  app.post('/checkout', startCheckout);

  async function openBillingPortal(c: Context) {
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSignedIn(ctx, c);
    const stripe = stripeClient(ctx.config);
    if (!stripe) throw notConfigured();
    const customer = await stripeCustomerOf(user.id);
    if (!customer) throw appError('no_billing_account');
    const portal = await stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.config.SITE_URL}/dashboard` });
    return c.json({ url: portal.url });
  }
  app.post('/portal', openBillingPortal);

  // The Brain's invoices: the customer's last twelve, read from Stripe (nothing is kept here). None without Stripe.
  async function listInvoices(c: Context) {
    c.header('Cache-Control', 'no-store');
    const { user } = await requireSignedIn(ctx, c);
    const stripe = stripeClient(ctx.config);
    const customer = stripe && (await stripeCustomerOf(user.id));
    if (!stripe || !customer) return c.json({ invoices: [] });
    const list = await stripe.invoices.list({ customer, limit: 12 }).catch((err: unknown) => {
      ctx.log.warn({ err: (err as Error).message }, 'stripe invoices list failed');
      throw appError('billing_unavailable', 'Your invoices cannot be read from Stripe just now. Try again.');
    });
    return c.json({
      invoices: list.data.map((i) => ({
        id: i.id,
        number: i.number,
        created: new Date(i.created * 1000).toISOString(),
        amount_paid: i.amount_paid,
        currency: i.currency,
        status: i.status,
        url: i.hosted_invoice_url ?? null,
        pdf: i.invoice_pdf ?? null,
      })),
    });
  }
  app.get('/invoices', listInvoices);

  app.post('/stripe-webhook', (c) => handleStripeWebhook(ctx, c));
  return app;
}
