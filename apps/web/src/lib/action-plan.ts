import type { PlanSnapshot } from '@app/shared';
import { supabase } from './supabase';

/** The 90-day plan's cache key: the plan view reads it, the coach refreshes it after writing to the plan. */
export const actionPlanKey = ['action-plan'] as const;

export interface ActivePlan extends PlanSnapshot {
  id: string;
}

/** The customer's active plan (the latest one not archived) with its phases and tasks in order; null before one exists. */
export async function loadActivePlan(): Promise<ActivePlan | null> {
  const client = supabase();
  const plan = await client
    .from('action_plans')
    .select('id, title, starts_on')
    .is('archived_at', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (plan.error) throw new Error(plan.error.message);
  if (!plan.data) return null;
  const [phases, tasks] = await Promise.all([
    client.from('action_plan_phases').select('phase, name, start_day, end_day').eq('plan_id', plan.data.id).order('phase'),
    client
      .from('action_plan_tasks')
      .select('id, phase, position, title, detail, due_date, owner_name, status, done_at')
      .eq('plan_id', plan.data.id)
      .order('phase')
      .order('position'),
  ]);
  if (phases.error) throw new Error(phases.error.message);
  if (tasks.error) throw new Error(tasks.error.message);
  return {
    id: plan.data.id,
    title: plan.data.title,
    startsOn: plan.data.starts_on,
    phases: phases.data.map((p) => ({ phase: p.phase, name: p.name, startDay: p.start_day, endDay: p.end_day })),
    tasks: tasks.data.map((t) => ({
      id: t.id,
      phase: t.phase,
      position: t.position,
      title: t.title,
      notes: t.detail,
      dueDate: t.due_date,
      ownerName: t.owner_name,
      status: t.status as PlanSnapshot['tasks'][number]['status'],
      doneAt: t.done_at,
    })),
  };
}

/** Undoes the plan's latest change (POST /functions/v1/plan/undo): the plan's own Undo and the coach's after an approved edit. */
export async function undoPlanChange(): Promise<void> {
  const { error } = await supabase().functions.invoke('plan/undo', { body: {} });
  if (error) throw error;
}
