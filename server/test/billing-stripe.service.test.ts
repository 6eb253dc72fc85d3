import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Issue 41, checkout and webhooks: the product's real `stripe` SDK against the local stand-in (./support/fake-stripe.ts);
 * every webhook signed with the SDK's generateTestHeaderString. docs/billing.md.
 */
let t: TestServer;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe(() => `${t.url}/api/billing/stripe-webhook`);
  t = await startTestServer({
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    STRIPE_PRICE_BASIC_GBP: 'price_basic_gbp',
    STRIPE_PRICE_PRO_GBP: 'price_pro_gbp',
    STRIPE_PRICE_PRO_USD: 'price_pro_usd',
    STRIPE_PRICE_GROWTH_GBP: 'price_growth_gbp',
    STRIPE_PRICE_TOPUP_5000_GBP: 'price_topup_5000_gbp',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
}, 60_000);

const api = (u: TestUser, path: string, body: unknown) =>
  fetch(`${t.url}/api/billing/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify(body),
  });

async function state(u: TestUser) {
  const db = serviceClient(t);
  const { data: sub } = await db.from('subscriptions').select('plan_id, status, cancel_at_period_end').eq('user_id', u.id).single();
  const { data: rows } = await db.from('credit_ledger').select('delta, reason').eq('user_id', u.id).order('id');
  const { data: plan } = await u.client.rpc('current_plan_id');
  const { data: balance } = await u.client.rpc('credit_balance');
  return { sub, rows: rows!, plan, balance };
}

/** Opens the checkout URL as the browser would: the stand-in completes it (webhooks first) and redirects. */
async function pay(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('Stripe checkout', () => {
  it('Pro in GBP: a subscription session with the Pro price, our user id as client_reference_id; paying moves the plan and grants 5,000', async () => {
    const u = await createTestUser(t);
    const res = await api(u, 'checkout', { kind: 'plan', plan: 'pro', currency: 'gbp' });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const sent = stripe.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_gbp',
      'line_items[0][quantity]': '1',
      client_reference_id: u.id,
      'metadata[user_id]': u.id,
      'metadata[plan_id]': 'pro',
      'subscription_data[metadata][user_id]': u.id,
    });
    expect(sent.params.customer_email).toBeUndefined();
    expect(await pay(url)).toMatch(/\/dashboard\?checkout=success$/);
    const after = await state(u);
    expect(after.sub).toMatchObject({ plan_id: 'pro', status: 'active' });
    expect(after.plan).toBe('pro');
    // The trial's unused 2,000 expire (monthly credits do not roll over); Pro's 5,000 are granted.
    expect(after.rows.slice(-2)).toEqual([
      { delta: -2000, reason: 'monthly_expiry' },
      { delta: 5000, reason: 'monthly_grant' },
    ]);
    expect(after.balance).toBe(5000);
  });

  it('USD uses the USD price; an unconfigured price is 503; a bad body is 400; signed out is 401', async () => {
    const u = await createTestUser(t);
    expect((await api(u, 'checkout', { kind: 'plan', plan: 'pro', currency: 'usd' })).status).toBe(200);
    expect(stripe.requests.at(-1)!.params['line_items[0][price]']).toBe('price_pro_usd');
    const missing = await api(u, 'checkout', { kind: 'plan', plan: 'growth', currency: 'usd' });
    expect(missing.status).toBe(503);
    expect(await missing.json()).toMatchObject({ code: 'billing_not_configured' });
    expect((await api(u, 'checkout', { kind: 'plan', plan: 'enterprise', currency: 'gbp' })).status).toBe(400);
    const anon = await fetch(`${t.url}/api/billing/checkout`, { method: 'POST', body: '{}' });
    expect(anon.status).toBe(401);
  });

  it('a top-up is a one-off payment session; paying adds its credits once', async () => {
    const u = await createTestUser(t);
    const before = (await state(u)).balance as number;
    const res = await api(u, 'checkout', { kind: 'top_up', credits: 5000, currency: 'gbp' });
    expect(res.status).toBe(200);
    expect(stripe.requests.at(-1)!.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_topup_5000_gbp',
      client_reference_id: u.id,
    });
    await pay(((await res.json()) as { url: string }).url);
    const after = await state(u);
    expect(after.balance).toBe(before + 5000);
    expect(after.rows.at(-1)).toEqual({ delta: 5000, reason: 'top_up' });
  });

  it('the portal link is for customers Stripe knows', async () => {
    const u = await createTestUser(t);
    expect((await api(u, 'portal', {})).status).toBe(404);
    const res = await api(u, 'checkout', { kind: 'plan', plan: 'basic', currency: 'gbp' });
    await pay(((await res.json()) as { url: string }).url);
    const portal = await api(u, 'portal', {});
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { url: string }).url).toMatch(/\/portal\/cus_/);
  });

  it("The Brain's invoices come from Stripe for the customer's own account only; none before paying", async () => {
    const u = await createTestUser(t);
    const other = await createTestUser(t);
    const invoices = async (who: TestUser) => {
      const res = await fetch(`${t.url}/api/billing/invoices`, { headers: { authorization: `Bearer ${who.token}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { invoices: Array<Record<string, unknown>> }).invoices;
    };
    expect(await invoices(u)).toEqual([]);
    await pay(((await (await api(u, 'checkout', { kind: 'plan', plan: 'pro', currency: 'gbp' })).json()) as { url: string }).url);
    const mine = await invoices(u);
    expect(mine).toEqual([
      expect.objectContaining({ amount_paid: 29900, currency: 'gbp', status: 'paid', url: expect.stringMatching(/\/invoices\/in_/) }),
    ]);
    const listed = stripe.requests.filter((r) => r.path === '/v1/invoices');
    expect(listed.at(-1)!.params).toMatchObject({ limit: '12' });
    expect(listed.at(-1)!.params.customer).toMatch(/^cus_/);
    expect((await state(u)).sub).toMatchObject({ plan_id: 'pro' });
    expect((await u.client.rpc('credit_summary')).data).toMatchObject({ paid_online: true, monthly_granted: 5000, balance: 5000 });
    expect(await invoices(other)).toEqual([]);
    expect((await fetch(`${t.url}/api/billing/invoices`)).status).toBe(401);
  });
});

describe('Stripe webhooks', () => {
  async function paidPro() {
    const u = await createTestUser(t);
    const res = await api(u, 'checkout', { kind: 'plan', plan: 'pro', currency: 'gbp' });
    await pay(((await res.json()) as { url: string }).url);
    const { data } = await serviceClient(t)
      .from('billing_customers')
      .select('stripe_subscription_id, stripe_customer_id')
      .eq('user_id', u.id)
      .single();
    return { u, sub: data!.stripe_subscription_id as string, customer: data!.stripe_customer_id as string };
  }

  it('a bad signature is a 400 that changes nothing', async () => {
    const u = await createTestUser(t);
    const before = await state(u);
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_x',
          mode: 'payment',
          payment_status: 'paid',
          client_reference_id: u.id,
          metadata: { user_id: u.id, kind: 'top_up', credits: '10000' },
        },
      },
    });
    const forged = await stripe.post(payload, 't=1,v1=deadbeef');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    expect((await stripe.post(payload, '')).status).toBe(400);
    expect(await state(u)).toEqual(before);
    const { count } = await serviceClient(t).from('stripe_events').select('id', { count: 'exact', head: true }).eq('id', 'evt_forged');
    expect(count).toBe(0);
  });

  it('a replayed event is a 200 that changes nothing; invoice.paid grants once per period', async () => {
    const { u, sub } = await paidPro();
    const invoice = (start: number) => ({
      id: `in_${start}`,
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: { user_id: u.id, plan_id: 'pro' } } },
      lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start, end: start + 30 * 86400 } }] },
    });
    await serviceClient(t).from('credit_ledger').insert({ user_id: u.id, delta: -1000, reason: 'coach', feature: 'coach' });
    const period2 = Math.floor(Date.now() / 1000) + 30 * 86400;
    const first = await stripe.send('invoice.paid', invoice(period2), 'evt_period2');
    expect(first.status).toBe(200);
    const once = await state(u);
    const replay = await stripe.post(first.payload, stripe.sign(first.payload));
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ duplicate: true });
    // The same period in a different event (Stripe's retry of a new event id) grants nothing either.
    expect((await stripe.send('invoice.paid', invoice(period2))).status).toBe(200);
    expect(await state(u)).toEqual(once);
    // 1,000 of the first period's 5,000 were spent: its unused 4,000 expire at the new period.
    expect(once.rows.slice(-2)).toEqual([
      { delta: -4000, reason: 'monthly_expiry' },
      { delta: 5000, reason: 'monthly_grant' },
    ]);
    expect(once.balance).toBe(5000);
  });

  it('cancellation: at period end the plan stays until Stripe deletes the subscription, then ends', async () => {
    const { u, sub, customer } = await paidPro();
    const object = (status: string, cancelAtPeriodEnd: boolean) => ({
      id: sub,
      object: 'subscription',
      customer,
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      metadata: { user_id: u.id, plan_id: 'pro' },
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_start: 1, current_period_end: 2 }] },
    });
    expect((await stripe.send('customer.subscription.updated', object('active', true))).status).toBe(200);
    let now = await state(u);
    expect(now.sub).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(now.plan).toBe('pro');
    expect((await stripe.send('customer.subscription.deleted', object('canceled', true))).status).toBe(200);
    now = await state(u);
    expect(now.sub).toMatchObject({ status: 'canceled' });
    expect(now.plan).toBeNull();
  });

  it('past due keeps the plan within the grace period; after it the plan stops', async () => {
    const { u, sub, customer } = await paidPro();
    const object = {
      id: sub,
      object: 'subscription',
      customer,
      status: 'past_due',
      cancel_at_period_end: false,
      metadata: { user_id: u.id, plan_id: 'pro' },
    };
    expect((await stripe.send('customer.subscription.updated', object)).status).toBe(200);
    expect((await state(u)).plan).toBe('pro');
    await serviceClient(t)
      .from('subscriptions')
      .update({ grace_until: new Date(Date.now() - 1000).toISOString() })
      .eq('user_id', u.id);
    expect((await state(u)).plan).toBeNull();
  });

  it('an event naming a user our server did not set is ignored (never matched by e-mail)', async () => {
    const u = await createTestUser(t);
    const before = await state(u);
    const res = await stripe.send('checkout.session.completed', {
      id: 'cs_other',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      customer_details: { email: u.email },
      client_reference_id: null,
      metadata: { kind: 'top_up', credits: '10000' },
    });
    expect(res.status).toBe(200);
    expect(await state(u)).toEqual(before);
  });
});
