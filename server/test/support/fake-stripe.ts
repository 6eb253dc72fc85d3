import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLANS, type PlanId } from '../../../packages/shared/src/plans';

/**
 * A local stand-in for Stripe's API (issue 41), for service and e2e tests: the product's real `stripe` SDK talks
 * to it through STRIPE_API_URL. It speaks the REST shapes the SDK uses (form-encoded requests, JSON objects with
 * `object` and `id`, errors as `{error: {type, message}}`), records every request, and plays the hosted checkout:
 * opening a session's `url` completes it, sends the signed webhooks (the SDK's generateTestHeaderString) to the
 * webhook URL, then redirects to its success_url.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form body as flat keys, as sent: `line_items[0][price]` → value. */
  params: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: RecordedStripeRequest[];
  /** Signs and posts an event to the webhook; resolves with the response. */
  send(type: string, object: Record<string, unknown>, id?: string): Promise<{ status: number; body: unknown; payload: string }>;
  /** Posts a payload with the given signature header as is (tests of bad signatures and replays). */
  post(payload: string, signature: string): Promise<{ status: number; body: unknown }>;
  sign(payload: string): string;
  /**
   * A customer's own Stripe account, reached with `key` (a restricted key): its charges, and whether the key may
   * read charges and write (create charges, refunds, payouts). Replaces the account's data when called again.
   */
  account(key: string, opts: { charges: FakeCharge[]; read?: boolean; write?: boolean }): void;
  close(): Promise<void>;
}

/** The fields of a Stripe charge the product reads. */
export interface FakeCharge {
  id?: string;
  amount: number;
  amount_refunded?: number;
  currency: string;
  created: number;
  status?: 'succeeded' | 'failed' | 'pending';
  customer?: string | null;
  email?: string | null;
}

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_stand_in';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stand_in_secret';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (s += d));
    req.on('end', () => resolve(s));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, type: string, message: string) => json(res, status, { error: { type, message } });

/** `webhookUrl`: where events go (a function, for servers whose port is known later). */
export async function startFakeStripe(webhookUrl: () => string, port = 0): Promise<FakeStripe> {
  const sdk = new Stripe(FAKE_STRIPE_SECRET_KEY);
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, { params: Record<string, string>; completed: boolean }>();
  const accounts = new Map<string, { charges: Record<string, unknown>[]; read: boolean; write: boolean }>();
  /** Paid invoices by customer, newest first, as GET /v1/invoices lists them. */
  const invoices = new Map<string, Record<string, unknown>[]>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}${Date.now().toString(36)}`;
  let base = '';

  const sign = (payload: string) => sdk.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });
  const post = async (payload: string, signature: string) => {
    const res = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  };
  const send = async (type: string, object: Record<string, unknown>, id = next('evt')) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    return { ...(await post(payload, sign(payload))), payload };
  };

  /** What completing a checkout sends: the session, and for a subscription its creation and first paid invoice. */
  async function complete(id: string, params: Record<string, string>) {
    const now = Math.floor(Date.now() / 1000);
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([k]) => /^metadata\[[^\]]+\]$/.test(k))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );
    const customer = params.customer ?? next('cus');
    const subscription = params.mode === 'subscription' ? next('sub') : null;
    const price = params['line_items[0][price]'];
    const currency = /_usd/i.test(price ?? '') ? 'usd' : 'gbp';
    const session = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: params.client_reference_id ?? null,
      metadata,
      customer,
      subscription,
      currency,
    };
    await send('checkout.session.completed', session);
    if (subscription) {
      const end = now + 30 * 86400;
      const sub = {
        id: subscription,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        metadata,
        items: {
          object: 'list',
          data: [{ id: next('si'), object: 'subscription_item', price: { id: price }, current_period_start: now, current_period_end: end }],
        },
      };
      await send('customer.subscription.created', sub);
      const invoiceId = next('in');
      const invoice = {
        id: invoiceId,
        object: 'invoice',
        customer,
        number: `FAKE-${String(seq).padStart(4, '0')}`,
        status: 'paid',
        currency,
        amount_paid: (PLANS[metadata.plan_id as PlanId]?.price[currency === 'usd' ? 'USD' : 'GBP'] ?? 0) * 100,
        created: now,
        hosted_invoice_url: `${base}/invoices/${invoiceId}`,
        invoice_pdf: `${base}/invoices/${invoiceId}.pdf`,
        period_start: now,
        period_end: now,
        parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
        lines: { object: 'list', data: [{ id: next('il'), object: 'line_item', period: { start: now, end } }] },
      };
      invoices.set(customer, [invoice, ...(invoices.get(customer) ?? [])]);
      await send('invoice.paid', invoice);
    }
  }

  /** A customer's account as their restricted key sees it: charges newest first, paged as Stripe pages lists. */
  function customerAccount(
    res: ServerResponse,
    method: string,
    pathname: string,
    params: Record<string, string>,
    acct: { charges: Record<string, unknown>[]; read: boolean; write: boolean },
  ) {
    const denied = () =>
      stripeError(res, 403, 'invalid_request_error', 'The provided key does not have the required permissions for this endpoint.');
    if (method === 'GET' && pathname === '/v1/charges') {
      if (!acct.read) return denied();
      const gte = Number(params['created[gte]'] ?? 0);
      const all = acct.charges.filter((c) => (c.created as number) >= gte);
      const after = params.starting_after ? all.findIndex((c) => c.id === params.starting_after) + 1 : 0;
      const limit = Math.min(100, Number(params.limit ?? 10));
      const page = all.slice(after, after + limit);
      return json(res, 200, { object: 'list', url: '/v1/charges', has_more: after + limit < all.length, data: page });
    }
    if (method === 'POST' && ['/v1/charges', '/v1/refunds', '/v1/payouts'].includes(pathname)) {
      if (!acct.write) return denied();
      return stripeError(res, 400, 'invalid_request_error', 'Missing required param: amount.');
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${pathname})`);
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const checkout = /^\/checkout\/(cs_[A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && checkout) {
        const s = sessions.get(checkout[1]!);
        if (!s) return json(res, 404, { error: 'no such checkout session' });
        if (!s.completed) {
          s.completed = true;
          await complete(checkout[1]!, s.params);
        }
        res.writeHead(303, { location: s.params.success_url ?? '/' });
        return res.end();
      }
      const raw = await readBody(req);
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      const own = accounts.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (own) return customerAccount(res, req.method ?? 'GET', url.pathname, params, own);
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (!params['line_items[0][price]']?.startsWith('price_')) return stripeError(res, 400, 'invalid_request_error', 'No such price');
        if (params.mode !== 'subscription' && params.mode !== 'payment')
          return stripeError(res, 400, 'invalid_request_error', 'Invalid mode');
        const id = next('cs');
        sessions.set(id, { params, completed: false });
        return json(res, 200, {
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          url: `${base}/checkout/${id}`,
          client_reference_id: params.client_reference_id ?? null,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/invoices') {
        if (!params.customer) return stripeError(res, 400, 'invalid_request_error', 'Missing required param: customer.');
        const limit = Math.min(100, Number(params.limit ?? 10));
        const all = invoices.get(params.customer) ?? [];
        return json(res, 200, { object: 'list', url: '/v1/invoices', has_more: all.length > limit, data: all.slice(0, limit) });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!params.customer) return stripeError(res, 400, 'invalid_request_error', 'Missing required param: customer.');
        return json(res, 200, {
          id: next('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          url: `${base}/portal/${params.customer}`,
        });
      }
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    } catch (err) {
      stripeError(res, 500, 'api_error', err instanceof Error ? err.message : 'stand-in failure');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    send,
    post,
    sign,
    account(key, { charges, read = true, write = false }) {
      const rows = charges
        .map((c) => ({
          id: c.id ?? next('ch'),
          object: 'charge',
          amount: c.amount,
          amount_refunded: c.amount_refunded ?? 0,
          refunded: (c.amount_refunded ?? 0) >= c.amount,
          currency: c.currency,
          created: c.created,
          status: c.status ?? 'succeeded',
          paid: (c.status ?? 'succeeded') === 'succeeded',
          customer: c.customer ?? null,
          billing_details: { email: c.email ?? null },
          receipt_email: c.email ?? null,
        }))
        .sort((a, b) => b.created - a.created);
      accounts.set(key, { charges: rows, read, write });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
