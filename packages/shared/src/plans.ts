/**
 * The plan table (docs/product.md#plans). The database seed in
 * supabase/migrations/0013_plans_and_credits.sql must agree with it (server/test/rest-plans.service.test.ts checks).
 */
export type PlanId = 'basic' | 'pro' | 'growth' | 'enterprise';
export type Currency = 'GBP' | 'USD';

/** Features that have a monthly limit. A limit of 0 = no access; null = unlimited. */
export type LimitedFeature = 'connect_anything_custom';

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in whole units of the currency; null = custom pricing. */
  price: Record<Currency, number | null>;
  period: string;
  description: string;
  credits: number;
  /** Human virtual-assistant hours per month: 0 = none, null = unlimited. */
  vaHours: number | null;
  /** Dashboard modules this plan unlocks (each plan includes the previous plan's). */
  modules: readonly string[];
  limits: Record<LimitedFeature, number | null>;
  features: readonly string[];
  buttonText: string;
  popular: boolean;
  premium: boolean;
}

export const PLAN_IDS: readonly PlanId[] = ['basic', 'pro', 'growth', 'enterprise'];

const BASIC_MODULES = ['website', 'crm'] as const;
const PRO_MODULES = [...BASIC_MODULES, 'lk-outreach', 'email', 'social', 'business-planning', 'branding'] as const;
const GROWTH_MODULES = [...PRO_MODULES, 'funnels', 'seo', 'eleven-labs'] as const;
const ENTERPRISE_MODULES = [...GROWTH_MODULES, 'financials', 'net-worth', 'business-stack', 'legal', 'budgeting', 'insurance'] as const;

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Vibe BC',
    price: { GBP: 99, USD: 126 },
    period: '/month',
    description: 'Your 24/7 AI business coach and the essentials to launch.',
    credits: 2000,
    vaHours: 0,
    modules: BASIC_MODULES,
    limits: { connect_anything_custom: 0 },
    features: [
      '24/7 AI Business Coach',
      'AI Research Assistant',
      'MVP Website Builder',
      'Community access',
      'Basic analytics',
      'Email support',
    ],
    buttonText: 'Get Started',
    popular: false,
    premium: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: { GBP: 299, USD: 380 },
    period: '/month',
    description: 'Human support and marketing AI to win more clients.',
    credits: 5000,
    vaHours: 10,
    modules: PRO_MODULES,
    limits: { connect_anything_custom: 5 },
    features: [
      'Everything in Vibe BC',
      'Enhanced AI Business Coach',
      'Human VA support (10 hours)',
      'Make API connections',
      'Marketing AI tools',
      'Client acquisition system',
      'Priority support',
      'Monthly private webinars',
    ],
    buttonText: 'Get Started',
    popular: true,
    premium: false,
  },
  growth: {
    id: 'growth',
    name: 'Growth',
    price: { GBP: 499, USD: 634 },
    period: '/month',
    description: 'Unlimited coaching, SEO and a dedicated account manager to scale.',
    credits: 10000,
    vaHours: 20,
    modules: GROWTH_MODULES,
    limits: { connect_anything_custom: 20 },
    features: [
      'Everything in Pro',
      'Unlimited AI Business Coach',
      'Human VA support (20 hours)',
      'SEO tools',
      'Virtual coaching sessions',
      'Website hosting and domain',
      'Dedicated account manager',
      'Custom integrations',
    ],
    buttonText: 'Get Started',
    popular: false,
    premium: false,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: { GBP: null, USD: null },
    period: '',
    description: 'A dedicated team, white-label and custom terms for larger organisations.',
    credits: 25000,
    vaHours: null,
    modules: ENTERPRISE_MODULES,
    limits: { connect_anything_custom: null },
    features: [
      'White-label platform',
      'Custom integrations',
      'Dedicated team',
      'Custom SLA',
      'Volume discounts',
      'Onboarding',
      'Priority feature requests',
    ],
    buttonText: 'Contact Team',
    popular: false,
    premium: true,
  },
};

/** New users start on a trial of this plan, for this many days (the sign-up trigger in 0013 agrees). */
export const TRIAL_PLAN_ID: PlanId = 'basic';
export const TRIAL_DAYS = 14;

/** The plan context's message when a feature is not in the user's plan. */
export const UPGRADE_MESSAGE = 'Upgrade your plan to access this feature';

export const CURRENCY_SYMBOL: Record<Currency, string> = { GBP: '£', USD: '$' };

/** "£99" / "$126" / "Custom". */
export function formatPlanPrice(plan: Plan, currency: Currency): string {
  const amount = plan.price[currency];
  return amount === null ? 'Custom' : `${CURRENCY_SYMBOL[currency]}${amount}`;
}

/** Subscription states in which the plan's features are granted (plan_status() says 'expired' after a trial). */
export const LIVE_PLAN_STATUSES: readonly string[] = ['trialing', 'active', 'past_due'];

/**
 * A feature's monthly limit under a plan: the plan's own limit for it if it has one, unlimited (null) if the
 * feature is one of the plan's modules, otherwise 0 (no access). The source of the rule: the database's
 * public.feature_limit() (migration 0014) is tested against it for every plan and feature (rest-plans.service.test.ts).
 */
export function featureLimit(
  plan: { modules: readonly string[]; limits: Readonly<Record<string, number | null>> } | null,
  feature: string,
): number | null {
  if (!plan) return 0;
  if (Object.prototype.hasOwnProperty.call(plan.limits, feature)) return plan.limits[feature] ?? null;
  return plan.modules.includes(feature) ? null : 0;
}
