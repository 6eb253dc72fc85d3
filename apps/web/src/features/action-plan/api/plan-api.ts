import type { PlanDiff, PlanEdit, PlanSnapshot } from '@app/shared';
import { supabase } from '@/lib/supabase';

/** A refused change's reason as the server words it ({ error }), else null. */
async function refusal(error: unknown): Promise<string | null> {
  const res = (error as { context?: Response } | null)?.context;
  if (!res || typeof res.json !== 'function') return null;
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

async function call<T>(name: string, body: object): Promise<T> {
  const { data, error } = await supabase().functions.invoke(`plan/${name}`, { body });
  if (error) throw new Error((await refusal(error)) ?? 'failed');
  return data as T;
}

/** Applies the customer's edits as one version (POST /functions/v1/plan/edits). */
export const editPlan = (edits: PlanEdit[]) => call<{ diff: PlanDiff }>('edits', { edits });
export const restorePlanVersion = (versionId: string) => call<unknown>('restore', { versionId });
export const calendarFeed = (action: 'status' | 'create' | 'revoke') =>
  call<{ active: boolean; url?: string }>('calendar-feed', { action });

export interface PlanVersion {
  id: string;
  number: number;
  actor: 'customer' | 'coach';
  summary: string;
  created_at: string;
  snapshot: PlanSnapshot;
}

/** The active plan's versions, newest first. */
export async function listVersions(planId: string): Promise<PlanVersion[]> {
  const { data, error } = await supabase()
    .from('action_plan_versions')
    .select('id, number, actor, summary, created_at, snapshot')
    .eq('plan_id', planId)
    .order('number', { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return data as unknown as PlanVersion[];
}

/** Saves the plan as an .ics file (the function answers with the file; the browser holds the token). */
export async function downloadCalendar() {
  const { data, error } = await supabase().functions.invoke('plan/calendar', { body: {} });
  if (error) throw new Error((await refusal(error)) ?? 'failed');
  const blob = data instanceof Blob ? data : new Blob([String(data)], { type: 'text/calendar' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = '90-day-plan.ics';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
