import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { profileCompleteness } from '@app/shared/onboarding';
import { featureLimit, PLANS, PLAN_IDS, TRIAL_DAYS, TRIAL_PLAN_ID } from '@app/shared/plans';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient } from './tokens.js';

// The plans seed (migration 0013) must say what packages/shared/src/plans.ts says; the web shows the latter.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t?.close());

describe(`plans, trial and credits (${SERVICE_DB})`, () => {
  it('seeds plans exactly as the shared plan table', async () => {
    const { data, error } = await anonClient(t).from('plans').select('*').order('sort_order');
    expect(error).toBeNull();
    expect(data!.map((p) => p.id)).toEqual(PLAN_IDS);
    for (const row of data!) {
      const plan = PLANS[row.id as keyof typeof PLANS];
      expect(row).toMatchObject({
        name: plan.name,
        price_gbp: plan.price.GBP,
        price_usd: plan.price.USD,
        period: plan.period,
        description: plan.description,
        credits: plan.credits,
        va_hours: plan.vaHours,
        modules: plan.modules,
        limits: plan.limits,
        features: plan.features,
        button_text: plan.buttonText,
        popular: plan.popular,
        premium: plan.premium,
      });
    }
  });

  it('starts every new user on a trial with a profile and the opening credits', async () => {
    const u = await createTestUser(t, { meta: { first_name: ' Grace ', surname: 'Hopper' } });
    const { data: profile } = await u.client.from('profiles').select('first_name, surname').single();
    expect(profile).toEqual({ first_name: 'Grace', surname: 'Hopper' });
    const { data: sub } = await u.client.from('subscriptions').select('plan_id, status, trial_ends_at').single();
    expect(sub).toMatchObject({ plan_id: TRIAL_PLAN_ID, status: 'trialing' });
    const days = (Date.parse(sub!.trial_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(TRIAL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(TRIAL_DAYS);
    expect((await u.client.rpc('credit_balance')).data).toBe(PLANS.basic.credits);
    const { data: status } = await u.client.rpc('plan_status');
    expect(status).toMatchObject({
      plan_id: 'basic',
      plan_name: 'Vibe BC',
      status: 'trialing',
      trial_days_remaining: TRIAL_DAYS,
      credits_balance: 2000,
      credits_allowance: 2000,
    });
  });

  it('gates features by plan, and meters connect_anything_custom per month', async () => {
    const u = await createTestUser(t);
    const rpc = async (fn: string, feature: string) => (await u.client.rpc(fn, { feature })).data;
    expect(await rpc('has_feature', 'website')).toBe(true);
    expect(await rpc('has_feature', 'seo')).toBe(false);
    expect(await rpc('has_feature', 'connect_anything_custom')).toBe(false);
    const denied = await u.client.from('connection_requests').insert({ source_app: 'A', target_app: 'B', description: 'C' });
    expect(denied.error?.code).toBe('42501');

    await serviceClient(t).from('subscriptions').update({ plan_id: 'pro', status: 'active' }).eq('user_id', u.id);
    expect(await rpc('has_feature', 'seo')).toBe(false);
    expect(await rpc('has_feature', 'branding')).toBe(true);
    expect(await rpc('feature_limit', 'connect_anything_custom')).toBe(PLANS.pro.limits.connect_anything_custom);
    for (let i = 0; i < 5; i++) {
      const r = await u.client.from('connection_requests').insert({ source_app: 'Shopify', target_app: 'Xero', description: `n${i}` });
      expect(r.error).toBeNull();
    }
    expect(await rpc('remaining_usage', 'connect_anything_custom')).toBe(0);
    const sixth = await u.client.from('connection_requests').insert({ source_app: 'A', target_app: 'B', description: 'C' });
    expect(sixth.error?.code).toBe('42501');

    await serviceClient(t).from('subscriptions').update({ plan_id: 'enterprise' }).eq('user_id', u.id);
    expect(await rpc('feature_limit', 'connect_anything_custom')).toBeNull();
    expect(await rpc('remaining_usage', 'connect_anything_custom')).toBeNull();
    expect(await rpc('has_feature', 'insurance')).toBe(true);
  });

  it('public.feature_limit() answers as the shared featureLimit for every plan and feature', async () => {
    const u = await createTestUser(t);
    const features = [...new Set(PLAN_IDS.flatMap((p) => [...PLANS[p].modules, ...Object.keys(PLANS[p].limits)])), 'no_such_feature'];
    for (const plan of PLAN_IDS) {
      await serviceClient(t).from('subscriptions').update({ plan_id: plan, status: 'active' }).eq('user_id', u.id);
      const sql = await Promise.all(features.map(async (feature) => [feature, (await u.client.rpc('feature_limit', { feature })).data]));
      expect(Object.fromEntries(sql), plan).toEqual(Object.fromEntries(features.map((f) => [f, featureLimit(PLANS[plan], f)])));
    }
    // no live subscription: no access to anything, on both sides
    await serviceClient(t).from('subscriptions').update({ status: 'canceled' }).eq('user_id', u.id);
    for (const feature of features) expect((await u.client.rpc('feature_limit', { feature })).data).toBe(featureLimit(null, feature));
  });

  it('denies every feature once a trial has ended', async () => {
    const u = await createTestUser(t);
    await serviceClient(t)
      .from('subscriptions')
      .update({ trial_ends_at: new Date(Date.now() - 1000).toISOString() })
      .eq('user_id', u.id);
    expect((await u.client.rpc('has_feature', { feature: 'website' })).data).toBe(false);
    expect((await u.client.rpc('plan_status')).data).toMatchObject({ status: 'expired', trial_days_remaining: 0 });
  });

  it('computes the same profile completeness as the wizard (shared profileCompleteness)', async () => {
    const u = await createTestUser(t);
    const text = fc.constantFrom(null, '', '  ', 'Acme');
    const answers = fc.record({
      business_name: text,
      industry: fc.constantFrom(null, 'Technology'),
      problem_solving: text,
      business_targets: text,
      funding_source: fc.constantFrom(null, 'Bank Loan'),
      team_size: fc.constantFrom(null, '2-5 people'),
      goals: fc.subarray(['revenue', 'leads']),
      key_metrics: fc.subarray(['revenue', 'profit']),
    });
    await fc.assert(
      fc.asyncProperty(answers, async (a) => {
        const { data, error } = await u.client.from('business_profiles').update(a).eq('user_id', u.id).select('completeness').single();
        expect(error).toBeNull();
        expect(data!.completeness).toBe(
          profileCompleteness({
            businessName: a.business_name,
            industry: a.industry,
            problemSolving: a.problem_solving,
            goals: a.goals,
            businessTargets: a.business_targets,
            fundingSource: a.funding_source,
            teamSize: a.team_size,
            keyMetrics: a.key_metrics,
          }),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('gives visitors no plan', async () => {
    expect((await anonClient(t).rpc('has_feature', { feature: 'website' })).data).toBe(false);
    expect((await anonClient(t).rpc('credit_balance')).data).toBe(0);
  });
});
