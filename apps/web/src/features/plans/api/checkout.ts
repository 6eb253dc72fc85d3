import { supabase } from '@/lib/supabase';

export type CheckoutOrder =
  | { kind: 'plan'; plan: 'basic' | 'pro' | 'growth'; currency: 'gbp' | 'usd' }
  | { kind: 'top_up'; credits: number; currency: 'gbp' | 'usd' };

/** POST /api/billing/<path> as the signed-in customer; the Stripe page's address (docs/billing.md). */
async function billingUrl(path: 'checkout' | 'portal', body: unknown): Promise<string> {
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new Error('Not signed in');
  const res = await fetch(`/api/billing/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${data.session.access_token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!res.ok || !json?.url) throw new Error(json?.message ?? `HTTP ${res.status}`);
  return json.url;
}

/** Opens Stripe Checkout for a plan or a top-up pack. The plan changes when Stripe's webhook arrives, not here. */
export async function startCheckout(order: CheckoutOrder): Promise<void> {
  window.location.assign(await billingUrl('checkout', order));
}

/** Opens the Stripe customer portal (card, invoices, cancellation). */
export async function openBillingPortal(): Promise<void> {
  window.location.assign(await billingUrl('portal', {}));
}
