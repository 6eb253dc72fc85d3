import Stripe from 'stripe';
import type { Config } from '../config.js';

export type PaidPlan = 'basic' | 'pro' | 'growth';
export type Currency = 'gbp' | 'usd';
export const TOP_UP_PACKS = [1000, 5000, 10000] as const;
export type TopUpPack = (typeof TOP_UP_PACKS)[number];

/** The official SDK, pointed at STRIPE_API_URL when set (tests: a local stand-in); null without a secret key. */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** The configured monthly price id of a plan in a currency, or undefined. */
export function planPrice(config: Config, plan: PaidPlan, currency: Currency): string | undefined {
  const key = `STRIPE_PRICE_${plan.toUpperCase()}_${currency.toUpperCase()}` as keyof Config;
  return config[key] as string | undefined;
}

/** The configured one-off price id of a top-up pack in a currency, or undefined. */
export function topUpPrice(config: Config, credits: TopUpPack, currency: Currency): string | undefined {
  const key = `STRIPE_PRICE_TOPUP_${credits}_${currency.toUpperCase()}` as keyof Config;
  return config[key] as string | undefined;
}
