import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAllStripeMetrics } from '../src/metrics/stripe-schedule.js';
import { lastMonthStarts } from '../src/metrics/stripe-source.js';
import { FAKE_STRIPE_SECRET_KEY, startFakeStripe, type FakeCharge, type FakeStripe } from './support/fake-stripe.js';
import { startTestServer, type TestServer } from './harness.js';
import { createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Issue 42, Stripe read-only: the customer's restricted key, checked and sealed; revenue and customers by month read
 * with the real `stripe` SDK from the local stand-in (./support/fake-stripe.ts), paged, refunds netted off.
 */
let t: TestServer;
let stripe: FakeStripe;
let seq = 0;

beforeAll(async () => {
  stripe = await startFakeStripe(() => `${t.url}/api/billing/stripe-webhook`);
  t = await startTestServer({ STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_API_URL: stripe.url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
}, 60_000);

const months = lastMonthStarts(new Date());
const thisMonth = months.at(-1)!;
const lastMonth = months.at(-2)!;
/** A moment inside a month, never in the future. */
const inMonth = (start: string, day = 2) => Math.min(Date.parse(`${start}T12:00:00Z`) + (day - 1) * 86400_000, Date.now() - 60_000) / 1000;
const newKey = (tag: string) => `rk_test_${tag}${++seq}${Date.now().toString(36)}abcdefghij`;

const connect = (u: TestUser, key: string) =>
  fetch(`${t.url}/api/metrics/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
    body: JSON.stringify({ key }),
  });

async function series(u: TestUser) {
  const { data, error } = await u.client
    .from('metric_values')
    .select('metric_id, period_start, value, source')
    .eq('period', 'month')
    .order('metric_id')
    .order('period_start');
  expect(error).toBeNull();
  return data!;
}

describe('Stripe, read-only', () => {
  it('a read-only key: 150 charges read over two pages; refunds, failed and other-currency charges left out; sealed at rest', async () => {
    const u = await createTestUser(t);
    const key = newKey('good');
    const charges: FakeCharge[] = [
      // last month: 120 charges of £10 from 40 customers, one refunded in part
      ...Array.from({ length: 120 }, (_, i) => ({
        amount: 1000,
        currency: 'gbp',
        created: inMonth(lastMonth, 1 + (i % 20)),
        customer: `cus_${i % 40}`,
      })),
      { amount: 5000, amount_refunded: 2000, currency: 'gbp', created: inMonth(lastMonth, 3), customer: 'cus_refund' },
      { amount: 9999, currency: 'gbp', created: inMonth(lastMonth, 4), customer: 'cus_failed', status: 'failed' },
      { amount: 7777, currency: 'usd', created: inMonth(lastMonth, 5), customer: 'cus_dollar' },
      // this month: 27 charges, customers known by e-mail only
      ...Array.from({ length: 27 }, (_, i) => ({
        amount: 2500,
        currency: 'gbp',
        created: inMonth(thisMonth, 1),
        email: `buyer${i % 9}@example.com`,
      })),
    ];
    stripe.account(key, { charges });
    const res = await connect(u, key);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(key);
    expect(JSON.parse(text)).toMatchObject({ ok: true, months: 2, key_hint: `${key.slice(0, 8)}…${key.slice(-4)}` });
    expect(stripe.requests.filter((r) => r.path === '/v1/charges' && r.method === 'GET').length).toBeGreaterThanOrEqual(3); // the check + 2 pages
    expect(await series(u)).toEqual([
      { metric_id: 'customers', period_start: lastMonth, value: 41, source: 'stripe' },
      { metric_id: 'customers', period_start: thisMonth, value: 9, source: 'stripe' },
      { metric_id: 'revenue', period_start: lastMonth, value: 1230, source: 'stripe' },
      { metric_id: 'revenue', period_start: thisMonth, value: 675, source: 'stripe' },
    ]);
    const tracked = await u.client.from('tracked_metrics').select('metric_id').order('metric_id');
    expect(tracked.data).toEqual([{ metric_id: 'customers' }, { metric_id: 'revenue' }]);

    // the browser reads the hint and the state, never the sealed key; the database holds no plain key
    const mine = await u.client.from('stripe_metric_sources').select('key_hint, status, last_error, last_synced_at').single();
    expect(mine.data).toMatchObject({ status: 'connected', last_error: null });
    expect(mine.data!.last_synced_at).toBeTruthy();
    expect((await u.client.from('stripe_metric_sources').select('key_ciphertext')).error).not.toBeNull();
    const stored = await t.server.ctx.db.query<{ key_ciphertext: string }>(
      'select key_ciphertext from public.stripe_metric_sources where user_id = $1',
      [u.id],
    );
    expect(stored.rows[0]!.key_ciphertext).toMatch(/^v1:/);
    expect(stored.rows[0]!.key_ciphertext).not.toContain(key.slice(8));
    // another customer sees none of it
    const other = await createTestUser(t);
    expect((await other.client.from('stripe_metric_sources').select('key_hint')).data).toEqual([]);
    expect(await series(other)).toEqual([]);
  });

  it('refuses a secret key, a key Stripe does not know, a key that can write and a key that cannot read; nothing is kept', async () => {
    const u = await createTestUser(t);
    const code = async (key: string) => {
      const res = await connect(u, key);
      expect(res.status).toBe(400);
      return ((await res.json()) as { code: string }).code;
    };
    expect(await code('sk_test_abcdefghijklmnop')).toBe('stripe_key_not_restricted');
    expect(await code(newKey('unknown'))).toBe('stripe_key_rejected');
    const writer = newKey('writer');
    stripe.account(writer, { charges: [], write: true });
    expect(await code(writer)).toBe('stripe_key_can_write');
    const blind = newKey('blind');
    stripe.account(blind, { charges: [], read: false });
    expect(await code(blind)).toBe('stripe_key_cannot_read');
    // the probes never create anything: the stand-in answers a write key's probes with "missing parameter"
    expect(
      stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/charges').every((r) => Object.keys(r.params).length === 0),
    ).toBe(true);
    expect((await serviceClient(t).from('stripe_metric_sources').select('user_id').eq('user_id', u.id)).data).toEqual([]);
    expect((await fetch(`${t.url}/api/metrics/stripe`, { method: 'POST', body: '{"key":"x"}' })).status).toBe(401);
  });

  it("the customer's own figure for a month wins; the daily sync picks up new charges and a refund, and records a revoked key", async () => {
    const u = await createTestUser(t);
    expect(
      (await u.client.from('metric_values').insert({ metric_id: 'revenue', period: 'month', period_start: lastMonth, value: 5000 })).error,
    ).toBeNull();
    const key = newKey('daily');
    const first: FakeCharge = { id: `ch_daily${seq}`, amount: 4000, currency: 'gbp', created: inMonth(lastMonth), customer: 'cus_a' };
    stripe.account(key, { charges: [first, { amount: 1500, currency: 'gbp', created: inMonth(thisMonth), customer: 'cus_b' }] });
    expect((await connect(u, key)).status).toBe(200);
    const revenue = async () => (await series(u)).filter((r) => r.metric_id === 'revenue').map((r) => [r.period_start, r.value, r.source]);
    expect(await revenue()).toEqual([
      [lastMonth, 5000, 'manual'],
      [thisMonth, 15, 'stripe'],
    ]);

    // a day later: a new sale this month, and the old one refunded
    stripe.account(key, {
      charges: [
        { ...first, amount_refunded: 4000 },
        { amount: 1500, currency: 'gbp', created: inMonth(thisMonth), customer: 'cus_b' },
        { amount: 2500, currency: 'gbp', created: inMonth(thisMonth), customer: 'cus_c' },
      ],
    });
    expect((await syncAllStripeMetrics(t.server.ctx)).failed).toBe(0);
    expect(await revenue()).toEqual([
      [lastMonth, 5000, 'manual'],
      [thisMonth, 40, 'stripe'],
    ]);

    // the customer revokes the key's read access in Stripe: the sync says so and keeps the figures
    stripe.account(key, { charges: [], read: false });
    await syncAllStripeMetrics(t.server.ctx);
    const state = await u.client.from('stripe_metric_sources').select('status, last_error').single();
    expect(state.data).toEqual({ status: 'failed', last_error: expect.stringContaining('Connect a new restricted key') });
    expect(await revenue()).toHaveLength(2);

    // disconnecting forgets the key
    const del = await fetch(`${t.url}/api/metrics/stripe`, { method: 'DELETE', headers: { authorization: `Bearer ${u.token}` } });
    expect(del.status).toBe(204);
    expect((await u.client.from('stripe_metric_sources').select('key_hint')).data).toEqual([]);
  });
});
