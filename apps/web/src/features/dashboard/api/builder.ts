import { z } from 'zod';
import type { Integration } from '@app/shared';
import { fetchNodePositions, upsertBusinessProfile } from '@/lib/data/business-profiles';
import { INTEGRATION_COLUMNS as COLUMNS, toIntegrations } from '@/lib/data/integrations';
import { supabase } from '@/lib/supabase';
export type NodePositions = Record<string, { x: number; y: number }>;
const positionsSchema = z.record(z.string().max(100), z.object({ x: z.number().finite(), y: z.number().finite() }));

/** The tools the user put on the canvas, oldest first. */
export async function listUserTools(): Promise<Integration[]> {
  const { data, error } = await supabase().from('user_tools').select(`created_at, integrations(${COLUMNS})`).order('created_at');
  if (error) throw new Error(error.message);
  return toIntegrations((data ?? []).flatMap((r) => (r.integrations ? [r.integrations] : [])));
}

export async function addUserTool(integrationId: string) {
  const { error } = await supabase().from('user_tools').insert({ integration_id: integrationId });
  if (error && error.code !== '23505') throw new Error(error.message);
}

export async function loadNodePositions(userId: string): Promise<NodePositions> {
  const parsed = positionsSchema.safeParse(await fetchNodePositions(userId));
  return parsed.success ? parsed.data : {};
}

export const saveNodePositions = (userId: string, positions: NodePositions) =>
  upsertBusinessProfile(userId, { node_positions: positionsSchema.parse(positions) });

/** Catalogue search for 'Add Integration' (name or description, at most 20). */
export async function searchCatalogue(term: string): Promise<Integration[]> {
  const t = term
    .trim()
    .replace(/[%*,()\\."':]/g, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 100);
  let req = supabase().from('integrations').select(COLUMNS);
  if (t) req = req.or(`name.ilike.*${t}*,description.ilike.*${t}*`);
  const { data, error } = await req.order('popular', { ascending: false }).order('connections', { ascending: false }).limit(20);
  if (error) throw new Error(error.message);
  return toIntegrations(data);
}

/** The Brain's top rated tools (public.top_rated_integrations). */
export async function topRatedTools(n = 5): Promise<Integration[]> {
  const { data, error } = await supabase().rpc('top_rated_integrations', { p_limit: n });
  if (error) throw new Error(error.message);
  return toIntegrations(data);
}
