import { DEFAULT_PREFERENCES } from '@app/shared';
import { supabase } from '@/lib/supabase';
import { EMPTY_ONBOARDING, type OnboardingData } from '../types';

/** business_profiles (supabase/migrations/0011_user_data.sql): the onboarding answers, the step reached, completion. */
export interface BusinessProfileRow {
  business_name: string | null;
  industry: string | null;
  business_story: string | null;
  problem_solving: string | null;
  product_service: string | null;
  goals: string[];
  business_targets: string | null;
  marketing_strategy: string | null;
  sales_strategy: string | null;
  challenges: string[];
  funding_source: string | null;
  financial_management: string | null;
  team_size: string | null;
  key_metrics: string[];
  preferences: Partial<OnboardingData['preferences']>;
  current_step: number;
  onboarding_completed: boolean;
}

const COLUMNS =
  'business_name, industry, business_story, problem_solving, product_service, goals, business_targets, marketing_strategy, sales_strategy, challenges, funding_source, financial_management, team_size, key_metrics, preferences, current_step, onboarding_completed';

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
    goals: r.goals as OnboardingData['goals'],
    businessTargets: orEmpty(r.business_targets),
    marketingStrategy: orEmpty(r.marketing_strategy),
    salesStrategy: orEmpty(r.sales_strategy),
    challenges: r.challenges,
    fundingSource: orEmpty(r.funding_source),
    financialManagement: orEmpty(r.financial_management),
    teamSize: orEmpty(r.team_size),
    keyMetrics: r.key_metrics as OnboardingData['keyMetrics'],
    preferences: { ...DEFAULT_PREFERENCES, ...r.preferences },
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
    preferences: d.preferences,
  };
}

export async function loadBusinessProfile(userId: string): Promise<BusinessProfileRow | null> {
  const { data, error } = await supabase().from('business_profiles').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return data as BusinessProfileRow | null;
}

/** Saves the answers and the step reached, so the wizard resumes there on any device. */
export async function saveProgress(userId: string, data: OnboardingData, step: number): Promise<void> {
  const { error } = await supabase()
    .from('business_profiles')
    .upsert({ user_id: userId, ...toRow(data), current_step: step }, { onConflict: 'user_id' });
  if (error) throw error;
}

/** Part 1 §4: completion stores the answers, the stage (growth when a team size is set) and the focus. */
export async function saveCompletion(userId: string, data: OnboardingData): Promise<void> {
  const { error } = await supabase()
    .from('business_profiles')
    .upsert(
      {
        user_id: userId,
        ...toRow(data),
        current_step: 5,
        business_stage: data.teamSize ? 'growth' : 'startup',
        current_focus: orNull(data.businessTargets),
        onboarding_completed: true,
        onboarding_completed_at: new Date().toISOString(),
      },
      { onConflict: 'user_id' },
    );
  if (error) throw error;
}

/** Whether a signed-in user still has onboarding to do (no row, or not completed). */
export async function onboardingPending(userId: string): Promise<boolean> {
  const row = await loadBusinessProfile(userId);
  return !row?.onboarding_completed;
}
