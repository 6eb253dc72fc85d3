import { queryOptions } from '@tanstack/react-query';
import type { TablesUpdate } from '@app/shared/database.types';
import { supabase } from '@/lib/supabase';

/**
 * public.business_profiles, the one module for it: the dashboard, the Brain and the onboarding wizard read the same
 * row through the same query (one cache entry per user) and write it through upsertBusinessProfile.
 */
const COLUMNS =
  'business_name, industry, business_stage, business_story, problem_solving, product_service, goals, business_targets, marketing_strategy, sales_strategy, challenges, funding_source, financial_management, team_size, key_metrics, preferences, target_audience, monthly_revenue, current_step, completeness, onboarding_completed, ai_features_enabled';

export const businessProfileKeys = {
  all: ['business-profile'] as const,
  detail: (userId: string) => [...businessProfileKeys.all, userId] as const,
};

export async function fetchBusinessProfile(userId: string) {
  const { data, error } = await supabase().from('business_profiles').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}
export type BusinessProfile = NonNullable<Awaited<ReturnType<typeof fetchBusinessProfile>>>;

/** The signed-in user's row (null before onboarding wrote one). The key carries the user: no one sees another's row. */
export const businessProfileQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: businessProfileKeys.detail(userId ?? ''),
    queryFn: () => fetchBusinessProfile(userId!),
    enabled: userId !== undefined,
  });

/** Creates or changes the user's row (RLS: the owner only). */
export async function upsertBusinessProfile(userId: string, patch: Omit<TablesUpdate<'business_profiles'>, 'user_id'>): Promise<void> {
  const { error } = await supabase()
    .from('business_profiles')
    .upsert({ ...patch, user_id: userId }, { onConflict: 'user_id' });
  if (error) throw new Error(error.message);
}

/** The builder canvas's saved layout (json, validated by the caller). */
export async function fetchNodePositions(userId: string) {
  const { data, error } = await supabase().from('business_profiles').select('node_positions').eq('user_id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.node_positions ?? {};
}
