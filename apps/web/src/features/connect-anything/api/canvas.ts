import { loadSupabase } from '@/lib/supabase';

/**
 * A Marketplace card's "Add to canvas": the tool joins the dashboard builder's canvas (public.user_tools). A plain
 * call, not a TanStack mutation: the public page's first visit loads neither TanStack nor supabase-js (issue 15);
 * supabase-js loads with the click. Already on the canvas (23505) counts as done.
 */
export async function addToCanvas(integrationId: string) {
  const { error } = await (await loadSupabase()).from('user_tools').insert({ integration_id: integrationId });
  if (error && error.code !== '23505') throw new Error(error.message);
}
