import { supabase } from '@/lib/supabase';
import type { UsageRow } from '../lib/usage-line';

/** The signed-in user's ledger rows with their conversation titles, newest first (rpc credit_usage_history). */
export async function loadUsageHistory(limit = 20): Promise<UsageRow[]> {
  const { data, error } = await supabase().rpc('credit_usage_history', { p_limit: limit });
  if (error) throw new Error(error.message);
  return data ?? [];
}
