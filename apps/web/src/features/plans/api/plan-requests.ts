import { z } from 'zod';
import { PLAN_IDS } from '@app/shared';
import { useWriteMutation, type MutationCallbacks } from '@/lib/data/mutation';
import { supabase } from '@/lib/supabase';

/** A request the operators see in their console (public.plan_requests); no payment provider yet. */
export const planRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upgrade'), plan_id: z.enum(PLAN_IDS as [string, ...string[]]), detail: z.string().max(2000).optional() }),
  z.object({ kind: z.literal('top_up'), detail: z.string().max(2000) }),
  z.object({ kind: z.literal('service'), detail: z.string().max(2000) }),
]);
export type PlanRequest = z.infer<typeof planRequestSchema>;

export async function submitPlanRequest(input: PlanRequest): Promise<void> {
  const row = planRequestSchema.parse(input);
  const { error } = await supabase()
    .from('plan_requests')
    .insert({ kind: row.kind, plan_id: row.kind === 'upgrade' ? row.plan_id : null, detail: row.detail ?? null });
  if (error) throw new Error(error.message);
}

/** The plan dialog's request; the caller refreshes the plan (its status lives in the plan context). */
export const useSubmitPlanRequest = (cb?: MutationCallbacks<void, PlanRequest>) => useWriteMutation(submitPlanRequest, [], cb);
