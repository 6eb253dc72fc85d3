import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { DEFAULT_PREFERENCES, GOALS, KEY_METRIC_IDS, STARTING_VIEWS, THEMES, type GoalId, type KeyMetricId } from '@app/shared';
import { businessProfileKeys, fetchBusinessProfile, upsertBusinessProfile, type BusinessProfile } from '@/lib/data/business-profiles';
import { toJson } from '@/lib/data/json';
import { EMPTY_ONBOARDING, type OnboardingData } from '../types';

/** business_profiles (supabase/migrations/0011_user_data.sql): the onboarding answers, the step reached, completion. */
export type BusinessProfileRow = Pick<
  BusinessProfile,
  | 'business_name'
  | 'industry'
  | 'business_story'
  | 'problem_solving'
  | 'product_service'
  | 'goals'
  | 'business_targets'
  | 'marketing_strategy'
  | 'sales_strategy'
  | 'challenges'
  | 'funding_source'
  | 'financial_management'
  | 'team_size'
  | 'key_metrics'
  | 'preferences'
  | 'current_step'
  | 'onboarding_completed'
>;

// Stored answers are read back leniently: an id this build does not know is dropped, a bad preference is defaulted.
const isGoal = (id: string): id is GoalId => GOALS.some((g) => g.id === id);
const isKeyMetric = (id: string): id is KeyMetricId => (KEY_METRIC_IDS as readonly string[]).includes(id);
const preferencesSchema = z
  .object({
    voiceEnabled: z.boolean().catch(DEFAULT_PREFERENCES.voiceEnabled),
    theme: z.enum(THEMES).catch(DEFAULT_PREFERENCES.theme),
    defaultView: z.enum(STARTING_VIEWS).catch(DEFAULT_PREFERENCES.defaultView),
  })
  .partial()
  .catch({});

const orEmpty = (v: string | null) => v ?? '';
const orNull = (v: string) => (v.trim() ? v : null);

export function fromRow(r: BusinessProfileRow): OnboardingData {
  return {
    ...EMPTY_ONBOARDING,
    businessName: orEmpty(r.business_name),
    industry: orEmpty(r.industry),
    businessStory: orEmpty(r.business_story),
    problemSolving: orEmpty(r.problem_solving),
    productService: orEmpty(r.product_service),
    goals: r.goals.filter(isGoal),
    businessTargets: orEmpty(r.business_targets),
    marketingStrategy: orEmpty(r.marketing_strategy),
    salesStrategy: orEmpty(r.sales_strategy),
    challenges: r.challenges,
    fundingSource: orEmpty(r.funding_source),
    financialManagement: orEmpty(r.financial_management),
    teamSize: orEmpty(r.team_size),
    keyMetrics: r.key_metrics.filter(isKeyMetric),
    preferences: { ...DEFAULT_PREFERENCES, ...preferencesSchema.parse(r.preferences) },
  };
}

export function toRow(d: OnboardingData) {
  return {
    business_name: orNull(d.businessName),
    industry: orNull(d.industry),
    business_story: orNull(d.businessStory),
    problem_solving: orNull(d.problemSolving),
    product_service: orNull(d.productService),
    goals: d.goals,
    business_targets: orNull(d.businessTargets),
    marketing_strategy: orNull(d.marketingStrategy),
    sales_strategy: orNull(d.salesStrategy),
    challenges: d.challenges,
    funding_source: orNull(d.fundingSource),
    financial_management: orNull(d.financialManagement),
    team_size: orNull(d.teamSize),
    key_metrics: d.keyMetrics,
    preferences: toJson(d.preferences),
  };
}

export const loadBusinessProfile = (userId: string): Promise<BusinessProfileRow | null> => fetchBusinessProfile(userId);

/** Saves the answers and the step reached, so the wizard resumes there on any device. */
export async function saveProgress(userId: string, data: OnboardingData, step: number): Promise<void> {
  await upsertBusinessProfile(userId, { ...toRow(data), current_step: step });
}

/** docs/product.md#onboarding: completion stores the answers, the stage (growth when a team size is set) and the focus. */
export async function saveCompletion(userId: string, data: OnboardingData): Promise<void> {
  await upsertBusinessProfile(userId, {
    ...toRow(data),
    current_step: 5,
    business_stage: data.teamSize ? 'growth' : 'startup',
    current_focus: orNull(data.businessTargets),
    onboarding_completed: true,
    onboarding_completed_at: new Date().toISOString(),
  });
}

/** After the wizard saved: the dashboard's cached profile (same row, same key) must not show the old answers. */
export function useRefreshBusinessProfile() {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: businessProfileKeys.all }), [qc]);
}
