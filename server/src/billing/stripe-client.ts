import Stripe from 'stripe';
import type { Config } from '../config.js';

export type PaidPlan = 'basic' | 'pro' | 'growth';
export type Currency = 'gbp' | 'usd';
export const TOP_UP_PACKS = [1000, 5000, 10000] as const;
export type TopUpPack = (typeof TOP_UP_PACKS)[number];

/** The official SDK with `key`, at STRIPE_API_URL when set (tests: a local stand-in). */
export function stripeWithKey(config: Pick<Config, 'STRIPE_API_URL'>, key: string, maxNetworkRetries = 1): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(key, {
    maxNetworkRetries,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** The platform's own Stripe account (STRIPE_SECRET_KEY); null without one. */
export function stripeClient(config: Config): Stripe | null {
  return config.STRIPE_SECRET_KEY ? stripeWithKey(config, config.STRIPE_SECRET_KEY) : null;
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
