import { z } from 'zod';
import { PLAN_IDS, type LimitedFeature } from '@app/shared';
import type { PlanStatus } from '@/lib/plan/plan-context';
import { loadSupabase } from '@/lib/supabase';
import type { PlanSnapshot } from './plan-status';

const METERED: readonly LimitedFeature[] = ['connect_anything_custom'];

/** public.plan_status() returns json: checked here, where it enters the app. */
const planStatusSchema = z.object({
  plan_id: z.enum(PLAN_IDS as [PlanStatus['plan_id'], ...PlanStatus['plan_id'][]]),
  plan_name: z.string(),
  status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']),
  trial_ends_at: z.string().nullable(),
  trial_days_remaining: z.number().nullable(),
  credits_balance: z.number(),
  credits_allowance: z.number(),
  modules: z.array(z.string()),
  limits: z.record(z.string(), z.number().nullable()),
}) satisfies z.ZodType<PlanStatus>;

export async function loadPlan(): Promise<PlanSnapshot> {
  const client = await loadSupabase(); // the session layer has loaded it for a signed-in user; this only waits for it
  const [statusRes, ...usage] = await Promise.all([
    client.rpc('plan_status'),
    ...METERED.map((feature) => client.rpc('remaining_usage', { feature })),
  ]);
  if (statusRes.error) throw new Error(statusRes.error.message);
  const remaining: Record<string, number | null> = {};
  METERED.forEach((f, i) => {
    const r = usage[i]!;
    if (r.error) throw new Error(r.error.message);
    // remaining_usage() answers NULL for unlimited, which the generated type cannot say
    remaining[f] = z.number().nullable().parse(r.data);
  });
  return { status: statusRes.data == null ? null : planStatusSchema.parse(statusRes.data), remaining };
}
