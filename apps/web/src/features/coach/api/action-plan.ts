import { supabase } from '@/lib/supabase';

export interface ActionPlanTask {
  id: string;
  phase: number;
  phase_name: string;
  position: number;
  title: string;
  detail: string | null;
  done: boolean;
}
export interface ActionPlan {
  id: string;
  title: string;
  created_at: string;
  tasks: ActionPlanTask[];
}

/** The user's active plan (the latest one) with its tasks in order; null before the coach has written one. */
export async function loadActionPlan(): Promise<ActionPlan | null> {
  const client = supabase();
  const plan = await client
    .from('action_plans')
    .select('id, title, created_at')
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (plan.error) throw new Error(plan.error.message);
  if (!plan.data) return null;
  const tasks = await client
    .from('action_plan_tasks')
    .select('id, phase, phase_name, position, title, detail, done')
    .eq('plan_id', plan.data.id)
    .order('phase')
    .order('position');
  if (tasks.error) throw new Error(tasks.error.message);
  return { ...plan.data, tasks: tasks.data ?? [] };
}

/** Ticks a task off (or back on). The database lets the owner change `done` and nothing else. */
export async function setTaskDone(id: string, done: boolean) {
  const { error } = await supabase().from('action_plan_tasks').update({ done }).eq('id', id);
  if (error) throw new Error(error.message);
}
