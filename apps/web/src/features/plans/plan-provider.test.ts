import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CONTEXT, type PlanStatus } from '@/lib/plan/plan-context';
import { featureLimit } from './plan-provider';

const status = (over: Partial<PlanStatus> = {}): PlanStatus => ({
  plan_id: 'pro',
  plan_name: 'Pro',
  status: 'active',
  trial_ends_at: null,
  trial_days_remaining: null,
  credits_balance: 5000,
  credits_allowance: 5000,
  modules: ['website', 'crm', 'email'],
  limits: { connect_anything_custom: 5 },
  ...over,
});

describe('featureLimit (mirrors public.feature_limit)', () => {
  it('uses the explicit monthly limit, then module membership (unlimited), else no access', () => {
    expect(featureLimit(status(), 'connect_anything_custom')).toBe(5);
    expect(featureLimit(status(), 'email')).toBeNull();
    expect(featureLimit(status(), 'seo')).toBe(0);
    expect(featureLimit(status({ limits: { connect_anything_custom: null } }), 'connect_anything_custom')).toBeNull();
    expect(featureLimit(status({ limits: { connect_anything_custom: 0 } }), 'connect_anything_custom')).toBe(0);
  });

  it('denies everything without a live subscription', () => {
    expect(featureLimit(null, 'email')).toBe(0);
    expect(featureLimit(status({ status: 'expired' }), 'email')).toBe(0);
    expect(featureLimit(status({ status: 'canceled' }), 'connect_anything_custom')).toBe(0);
    expect(featureLimit(status({ status: 'trialing' }), 'email')).toBeNull();
  });
});

describe('the default plan context (docs/product.md#plans)', () => {
  it('denies every feature with limit 0 and the upgrade message', () => {
    expect(DEFAULT_PLAN_CONTEXT.hasFeature('website')).toBe(false);
    expect(DEFAULT_PLAN_CONTEXT.getLimit('connect_anything_custom')).toBe(0);
    expect(DEFAULT_PLAN_CONTEXT.getRemainingUsage('connect_anything_custom')).toBe(0);
    expect(DEFAULT_PLAN_CONTEXT.getUpgradeMessage()).toBe('Upgrade your plan to access this feature');
    expect(DEFAULT_PLAN_CONTEXT.currentPlan).toBeNull();
  });
});
