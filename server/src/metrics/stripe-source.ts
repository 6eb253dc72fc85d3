import Stripe from 'stripe';
import { stripeWithKey } from '../billing/stripe-client.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { asUser } from '../db/as-user.js';
import type { Queryable } from '../db/types.js';
import { appError } from '../errors/json.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

/**
 * Read-only Stripe for the customer's numbers (issue 42, docs/metrics-stripe.md): the customer's restricted key,
 * checked to read charges and to write nothing, sealed at rest; revenue and customers by month derived from their
 * charges with the official SDK (STRIPE_API_URL points it at a local stand-in in tests).
 */
export const RESTRICTED_KEY = /^rk_(test|live)_[A-Za-z0-9]{10,200}$/;
const MONTHS = 12;

/** The SDK with the customer's key (never the platform's). */
export const customerStripe = (config: Pick<Config, 'STRIPE_API_URL'>, key: string): Stripe => stripeWithKey(config, key, 2);

const errType = (err: unknown) => (err instanceof Stripe.errors.StripeError ? err.type : undefined);

/**
 * Reads one charge (it must), then asks to create a charge, a refund and a payout with no parameters: Stripe checks
 * a key's permission before the parameters, so a read-only key is refused (permission error) and a key that may
 * write is told a parameter is missing. Nothing is ever created.
 */
export async function checkReadOnlyKey(stripe: Stripe): Promise<void> {
  try {
    await stripe.charges.list({ limit: 1 });
  } catch (err) {
    if (errType(err) === 'StripeAuthenticationError') throw appError('stripe_key_rejected');
    if (errType(err) === 'StripePermissionError') throw appError('stripe_key_cannot_read');
    throw appError('stripe_unavailable');
  }
  const probes = [
    () => stripe.charges.create({} as Stripe.ChargeCreateParams),
    () => stripe.refunds.create({} as Stripe.RefundCreateParams),
    () => stripe.payouts.create({} as Stripe.PayoutCreateParams),
  ];
  for (const probe of probes) {
    try {
      await probe();
      throw appError('stripe_key_can_write'); // it created something: certainly not read-only
    } catch (err) {
      if (errType(err) === 'StripePermissionError') continue;
      if (errType(err) === 'StripeInvalidRequestError') throw appError('stripe_key_can_write');
      if (err instanceof Error && 'status' in err) throw err;
      throw appError('stripe_unavailable');
    }
  }
}

/** `rk_live_…wxyz`: enough to recognise the key, too little to use it. */
export const keyHint = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;

/** The first day (UTC) of each of the last `n` months, oldest first, ending with this month. */
export function lastMonthStarts(now: Date, n = MONTHS): string[] {
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1)).toISOString().slice(0, 10),
  );
}

export interface MonthFigures {
  period_start: string;
  revenue: number;
  customers: number;
}

/**
 * Revenue (succeeded charges less what was refunded, in the account's currency) and distinct paying customers per
 * month, from the first month with a charge to this one; a month without charges in between is a real 0.
 */
export async function monthlyFigures(stripe: Stripe, currency: string, now = new Date()): Promise<MonthFigures[]> {
  const months = lastMonthStarts(now);
  const byMonth = new Map(months.map((m) => [m, { cents: 0, who: new Set<string>() }]));
  const gte = Math.floor(Date.parse(`${months[0]}T00:00:00Z`) / 1000);
  for await (const ch of stripe.charges.list({ created: { gte }, limit: 100 })) {
    if (ch.status !== 'succeeded' || !ch.paid || ch.currency !== currency.toLowerCase()) continue;
    const month = new Date(ch.created * 1000).toISOString().slice(0, 8) + '01';
    const bucket = byMonth.get(month);
    if (!bucket) continue;
    bucket.cents += ch.amount - (ch.amount_refunded ?? 0);
    const who = (typeof ch.customer === 'string' ? ch.customer : ch.customer?.id) ?? ch.billing_details?.email ?? ch.receipt_email;
    if (who) bucket.who.add(who);
  }
  const first = months.findIndex((m) => byMonth.get(m)!.cents !== 0 || byMonth.get(m)!.who.size > 0);
  if (first < 0) return [];
  return months.slice(first).map((m) => ({
    period_start: m,
    revenue: Math.max(0, byMonth.get(m)!.cents) / 100,
    customers: byMonth.get(m)!.who.size,
  }));
}

/**
 * Writes the months as the customer (RLS), source 'stripe', and tracks revenue and customers. A month the customer
 * entered or imported themselves keeps their figure: Stripe may hold only part of the business's takings.
 */
async function writeFigures(tx: Queryable, figures: MonthFigures[]): Promise<number> {
  await tx.query(`insert into public.tracked_metrics (metric_id) values ('revenue'), ('customers') on conflict do nothing`);
  if (figures.length === 0) return 0;
  const r = await tx.query(
    `insert into public.metric_values (metric_id, period, period_start, value, source)
     select m.metric, 'month', m.period_start, m.value, 'stripe'
     from unnest($1::text[], $2::date[], $3::numeric[]) as m(metric, period_start, value)
     on conflict (user_id, metric_id, period, period_start) do update set value = excluded.value, updated_at = now()
       where metric_values.source = 'stripe' and metric_values.value is distinct from excluded.value`,
    [
      figures.flatMap(() => ['revenue', 'customers']),
      figures.flatMap((f) => [f.period_start, f.period_start]),
      figures.flatMap((f) => [f.revenue, f.customers]),
    ],
  );
  return r.rowCount ?? 0;
}

export type SyncOutcome = { ok: true; months: number; written: number } | { ok: false; error: string };

/** One customer's sync: read their key, read Stripe, write the months; the row records how it went. */
export async function syncStripeMetrics(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  box: SecretBox,
  userId: string,
): Promise<SyncOutcome> {
  const row = await ctx.db.query<{ key_ciphertext: string; currency: string | null }>(
    `select s.key_ciphertext, b.currency from public.stripe_metric_sources s
     left join public.business_profiles b on b.user_id = s.user_id where s.user_id = $1`,
    [userId],
  );
  const source = row.rows[0];
  if (!source) throw appError('stripe_not_connected');
  let outcome: SyncOutcome;
  try {
    const key = box.open(source.key_ciphertext);
    if (box.needsRotation(source.key_ciphertext))
      await ctx.db.query('update public.stripe_metric_sources set key_ciphertext = $2 where user_id = $1', [userId, box.seal(key)]);
    const figures = await monthlyFigures(customerStripe(ctx.config, key), source.currency ?? 'GBP');
    const written = await asUser(ctx.db, { sub: userId, role: 'authenticated', aal: 'aal2' }, (tx) => writeFigures(tx, figures));
    outcome = { ok: true, months: figures.length, written };
  } catch (err) {
    const type = errType(err);
    const error =
      type === 'StripeAuthenticationError' || type === 'StripePermissionError'
        ? 'Stripe no longer accepts this key, or it lost read access to Charges. Connect a new restricted key.'
        : 'Stripe could not be read at the last attempt; it will be tried again tomorrow.';
    ctx.log.warn({ user_id: userId, type: type ?? (err as Error).name }, 'stripe metrics sync failed');
    outcome = { ok: false, error };
  }
  await ctx.db.query(
    `update public.stripe_metric_sources set status = $2, last_error = $3, last_synced_at = case when $2 = 'connected' then now() else last_synced_at end
     where user_id = $1`,
    [userId, outcome.ok ? 'connected' : 'failed', outcome.ok ? null : outcome.error],
  );
  return outcome;
}

/** One box per server context: its key ring is read once. */
const boxes = new WeakMap<object, SecretBox>();
export function secretBoxFor(ctx: Pick<AppContext, 'config'>): SecretBox {
  let box = boxes.get(ctx.config);
  if (!box) boxes.set(ctx.config, (box = createSecretBox(ctx.config)));
  return box;
}
