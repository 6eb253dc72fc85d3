import type { ActionPlanTask } from '../api/action-plan';

/** Groups tasks into their phases (1..3), in order. */
export function phasesOf(tasks: ActionPlanTask[]): { phase: number; name: string; tasks: ActionPlanTask[] }[] {
  const byPhase = new Map<number, { phase: number; name: string; tasks: ActionPlanTask[] }>();
  for (const t of [...tasks].sort((a, b) => a.phase - b.phase || a.position - b.position)) {
    const p = byPhase.get(t.phase) ?? { phase: t.phase, name: t.phase_name, tasks: [] };
    p.tasks.push(t);
    byPhase.set(t.phase, p);
  }
  return [...byPhase.values()];
}
