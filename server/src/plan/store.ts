import type { PlanPhase, PlanSnapshot, PlanTask, PlanTaskStatus } from '@app/shared';
import type { Queryable } from '../db/types.js';

export interface ActivePlan {
  id: string;
  snapshot: PlanSnapshot;
}

const isoDate = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? null : String(v).slice(0, 10);

/**
 * The customer's active plan (the latest one not archived) as it stands, read in their own transaction (RLS).
 * The same shape a version's snapshot has (internal.plan_snapshot, migration 0700).
 */
export async function readActivePlan(tx: Queryable): Promise<ActivePlan | null> {
  const plan = await tx.query<{ id: string; title: string; starts_on: unknown }>(
    'select id, title, starts_on from public.action_plans where archived_at is null order by created_at desc limit 1',
  );
  const p = plan.rows[0];
  if (!p) return null;
  // one after the other: a transaction is one connection
  const phases = await tx.query<{ phase: number; name: string; start_day: number; end_day: number }>(
    'select phase, name, start_day, end_day from public.action_plan_phases where plan_id = $1 order by phase',
    [p.id],
  );
  const tasks = await tx.query<{
    id: string;
    phase: number;
    position: number;
    title: string;
    detail: string | null;
    due_date: unknown;
    owner_name: string | null;
    status: PlanTaskStatus;
    done_at: unknown;
  }>(
    'select id, phase, position, title, detail, due_date, owner_name, status, done_at from public.action_plan_tasks where plan_id = $1 order by phase, position',
    [p.id],
  );
  return {
    id: p.id,
    snapshot: {
      title: p.title,
      startsOn: isoDate(p.starts_on)!,
      phases: phases.rows.map((r): PlanPhase => ({ phase: r.phase, name: r.name, startDay: r.start_day, endDay: r.end_day })),
      tasks: tasks.rows.map((r): PlanTask => ({
        id: r.id,
        phase: r.phase,
        position: r.position,
        title: r.title,
        notes: r.detail,
        dueDate: isoDate(r.due_date),
        ownerName: r.owner_name,
        status: r.status,
        doneAt: r.done_at instanceof Date ? r.done_at.toISOString() : (r.done_at as string | null),
      })),
    },
  };
}
