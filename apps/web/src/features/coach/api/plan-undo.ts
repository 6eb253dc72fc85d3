import { supabase } from '@/lib/supabase';

/** Undoes the plan's latest change (the approved coach edit just applied): POST /functions/v1/plan/undo. */
export async function undoPlanChange(): Promise<void> {
  const { error } = await supabase().functions.invoke('plan/undo', { body: {} });
  if (error) throw error;
}
