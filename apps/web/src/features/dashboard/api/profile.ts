import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { plainText } from '@/lib/plain-text';

export interface BusinessProfile {
  business_name: string | null;
  industry: string | null;
  business_stage: string;
  goals: string[];
  business_targets: string | null;
  challenges: string[];
  key_metrics: string[];
  target_audience: string | null;
  monthly_revenue: string | null;
  team_size: string | null;
  completeness: number;
  onboarding_completed: boolean;
  ai_features_enabled: boolean;
}

export async function loadBusinessProfile(): Promise<BusinessProfile | null> {
  const { data, error } = await supabase()
    .from('business_profiles')
    .select('business_name, industry, business_stage, goals, business_targets, challenges, key_metrics, target_audience, monthly_revenue, team_size, completeness, onboarding_completed, ai_features_enabled')
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data as BusinessProfile | null;
}

export async function saveAiFeatures(userId: string, enabled: boolean) {
  const { error } = await supabase().from('business_profiles').upsert({ user_id: userId, ai_features_enabled: enabled }, { onConflict: 'user_id' });
  if (error) throw new Error(error.message);
}

export interface PersonName {
  first_name: string | null;
  surname: string | null;
}

export async function loadPersonName(): Promise<PersonName | null> {
  const { data, error } = await supabase().from('profiles').select('first_name, surname').maybeSingle();
  if (error) throw new Error(error.message);
  return data as PersonName | null;
}

const name = plainText(100);
export const personNameSchema = z.object({ first_name: name, surname: name });

export async function savePersonName(userId: string, input: z.input<typeof personNameSchema>) {
  const v = personNameSchema.parse(input);
  const { error } = await supabase()
    .from('profiles')
    .upsert({ id: userId, first_name: v.first_name || null, surname: v.surname || null }, { onConflict: 'id' });
  if (error) throw new Error(error.message);
}
