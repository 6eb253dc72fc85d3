import { diffPlans, plainPhaseName, PLAN_LIMITS, type PlanDiff, type PlanEdit } from '@app/shared';
import type { Queryable } from '../db/types.js';
import { readActivePlan, type ActivePlan } from './store.js';

/** An edit that does not apply to the plan as it stands (an unknown task, a seventh phase…): nothing was changed. */
export class PlanEditError extends Error {}

export interface EditMeta {
  actor: 'customer' | 'coach';
  /** What the version says was done ("Added a task", the coach's own words); one is made up when absent. */
  summary?: string;
  conversationId?: string | null;
}

const PHASE_DAYS = 30;

/**
 * Applies `edits` to the customer's active plan inside their transaction `tx` (RLS decides what is theirs), as one
 * version: the deferred trigger of migration 0700 records it at commit with this actor and summary. Ticks and their
 * dates survive every edit: only the rows an edit names change. Returns what changed.
 */
export async function applyPlanEdits(tx: Queryable, edits: PlanEdit[], meta: EditMeta): Promise<{ planId: string; diff: PlanDiff }> {
  await nameVersion(tx, meta.actor, meta.summary ?? summaryOf(edits));
  const before = await readActivePlan(tx);
  let plan = before;
  for (const edit of edits) {
    if (edit.op === 'createPlan') {
      plan = await createPlan(tx, edit, plan, meta.conversationId ?? null);
      continue;
    }
    if (!plan) throw new PlanEditError('There is no plan yet: ask the coach to write one first.');
    await applyOne(tx, plan, edit);
    plan = (await readActivePlan(tx))!;
  }
  const after = await readActivePlan(tx);
  if (!after) throw new PlanEditError('There is no plan yet: ask the coach to write one first.');
  const diff = diffPlans(before && before.id === after.id ? before.snapshot : null, after.snapshot);
  return { planId: after.id, diff };
}

/** Who makes this transaction's version and what it says (migration 0700's trigger reads these settings). */
export async function nameVersion(tx: Queryable, actor: EditMeta['actor'], summary: string) {
  await tx.query(`select set_config('app.plan_actor', $1, true), set_config('app.plan_summary', $2, true)`, [actor, summary.slice(0, 300)]);
}

/** A version's summary when the editor gave none. */
export function summaryOf(edits: PlanEdit[]): string {
  if (edits.length > 1) return `${edits.length} changes`;
  const e = edits[0]!;
  switch (e.op) {
    case 'createPlan':
      return `Wrote the plan "${e.title}"`;
    case 'addTask':
      return `Added "${e.title}"`;
    case 'updateTask':
      return 'Edited a task';
    case 'moveTask':
      return 'Moved a task';
    case 'completeTask':
      return e.done ? 'Ticked a task off' : 'Reopened a task';
    case 'removeTask':
      return 'Removed a task';
    case 'addPhase':
      return `Added the phase "${e.name}"`;
    case 'renamePhase':
      return `Renamed a phase to "${e.name}"`;
    case 'removePhase':
      return 'Removed a phase';
  }
}

async function createPlan(
  tx: Queryable,
  edit: Extract<PlanEdit, { op: 'createPlan' }>,
  current: ActivePlan | null,
  conversationId: string | null,
) {
  // the old plan stays, archived, with its versions: a new plan never wipes progress silently
  if (current) await tx.query('update public.action_plans set archived_at = now() where id = $1', [current.id]);
  const id = (
    await tx.query<{ id: string }>('insert into public.action_plans (title, conversation_id) values ($1, $2) returning id', [
      edit.title,
      conversationId,
    ])
  ).rows[0]!.id;
  for (const [i, phase] of edit.phases.entries()) {
    const name = plainPhaseName(phase.name);
    await tx.query('insert into public.action_plan_phases (plan_id, phase, name, start_day, end_day) values ($1, $2, $3, $4, $5)', [
      id,
      i + 1,
      name,
      i * PHASE_DAYS + 1,
      (i + 1) * PHASE_DAYS,
    ]);
    for (const [position, task] of phase.tasks.entries())
      await tx.query(
        'insert into public.action_plan_tasks (plan_id, phase, phase_name, position, title, detail) values ($1, $2, $3, $4, $5, $6)',
        [id, i + 1, name, position, task.title, task.notes ?? null],
      );
  }
  return (await readActivePlan(tx))!;
}

function taskOf(plan: ActivePlan, taskId: string) {
  const t = plan.snapshot.tasks.find((x) => x.id === taskId);
  if (!t) throw new PlanEditError('That task is not in your plan (it may have been removed).');
  return t;
}
function phaseOf(plan: ActivePlan, n: number) {
  const p = plan.snapshot.phases.find((x) => x.phase === n);
  if (!p) throw new PlanEditError(`Your plan has no phase ${n}.`);
  return p;
}
const countIn = (plan: ActivePlan, phase: number) => plan.snapshot.tasks.filter((t) => t.phase === phase).length;

async function applyOne(tx: Queryable, plan: ActivePlan, edit: Exclude<PlanEdit, { op: 'createPlan' }>) {
  const id = plan.id;
  switch (edit.op) {
    case 'addTask': {
      const phase = phaseOf(plan, edit.phase);
      const n = countIn(plan, edit.phase);
      if (n >= PLAN_LIMITS.tasksPerPhase) throw new PlanEditError(`A phase holds at most ${PLAN_LIMITS.tasksPerPhase} tasks.`);
      const position = Math.min(edit.position ?? n, n);
      await tx.query('update public.action_plan_tasks set position = position + 1 where plan_id = $1 and phase = $2 and position >= $3', [
        id,
        edit.phase,
        position,
      ]);
      await tx.query(
        `insert into public.action_plan_tasks (plan_id, phase, phase_name, position, title, detail, due_date, owner_name)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, edit.phase, phase.name, position, edit.title, edit.notes || null, edit.dueDate ?? null, edit.ownerName || null],
      );
      return;
    }
    case 'updateTask': {
      taskOf(plan, edit.taskId);
      const sets: string[] = [];
      const values: unknown[] = [edit.taskId];
      const set = (column: string, v: unknown) => {
        values.push(v);
        sets.push(`${column} = $${values.length}`);
      };
      if (edit.title !== undefined) set('title', edit.title);
      if (edit.notes !== undefined) set('detail', edit.notes || null);
      if (edit.dueDate !== undefined) set('due_date', edit.dueDate);
      if (edit.ownerName !== undefined) set('owner_name', edit.ownerName || null);
      if (edit.status !== undefined) set('status', edit.status);
      if (!sets.length) throw new PlanEditError('Nothing to change in that task.');
      await tx.query(`update public.action_plan_tasks set ${sets.join(', ')} where id = $1`, values);
      return;
    }
    case 'completeTask':
      taskOf(plan, edit.taskId);
      await tx.query('update public.action_plan_tasks set status = $2 where id = $1', [edit.taskId, edit.done ? 'done' : 'todo']);
      return;
    case 'moveTask': {
      const t = taskOf(plan, edit.taskId);
      const target = phaseOf(plan, edit.phase);
      const room = countIn(plan, edit.phase) - (t.phase === edit.phase ? 1 : 0);
      if (room >= PLAN_LIMITS.tasksPerPhase) throw new PlanEditError(`A phase holds at most ${PLAN_LIMITS.tasksPerPhase} tasks.`);
      const position = Math.min(edit.position, room);
      // close the gap it leaves, open one where it goes (the unique order is checked at commit)
      await tx.query('update public.action_plan_tasks set position = position - 1 where plan_id = $1 and phase = $2 and position > $3', [
        id,
        t.phase,
        t.position,
      ]);
      await tx.query(
        'update public.action_plan_tasks set position = position + 1 where plan_id = $1 and phase = $2 and position >= $3 and id <> $4',
        [id, edit.phase, position, t.id],
      );
      await tx.query('update public.action_plan_tasks set phase = $2, phase_name = $3, position = $4 where id = $1', [
        t.id,
        edit.phase,
        target.name,
        position,
      ]);
      return;
    }
    case 'removeTask': {
      const t = taskOf(plan, edit.taskId);
      await tx.query('delete from public.action_plan_tasks where id = $1', [t.id]);
      await tx.query('update public.action_plan_tasks set position = position - 1 where plan_id = $1 and phase = $2 and position > $3', [
        id,
        t.phase,
        t.position,
      ]);
      return;
    }
    case 'addPhase': {
      const phases = plan.snapshot.phases;
      if (phases.length >= PLAN_LIMITS.phases) throw new PlanEditError(`A plan has at most ${PLAN_LIMITS.phases} phases.`);
      const startDay = edit.startDay ?? (phases.at(-1)?.endDay ?? 0) + 1;
      const endDay = edit.endDay ?? startDay + PHASE_DAYS - 1;
      if (startDay > PLAN_LIMITS.days || endDay > PLAN_LIMITS.days || endDay < startDay)
        throw new PlanEditError(`A phase runs between day 1 and day ${PLAN_LIMITS.days}, and ends after it starts.`);
      await tx.query('insert into public.action_plan_phases (plan_id, phase, name, start_day, end_day) values ($1, $2, $3, $4, $5)', [
        id,
        phases.length + 1,
        plainPhaseName(edit.name),
        startDay,
        endDay,
      ]);
      return;
    }
    case 'renamePhase': {
      phaseOf(plan, edit.phase);
      const name = plainPhaseName(edit.name);
      await tx.query('update public.action_plan_phases set name = $3 where plan_id = $1 and phase = $2', [id, edit.phase, name]);
      await tx.query('update public.action_plan_tasks set phase_name = $3 where plan_id = $1 and phase = $2', [id, edit.phase, name]);
      return;
    }
    case 'removePhase': {
      phaseOf(plan, edit.phase);
      if (plan.snapshot.phases.length === 1) throw new PlanEditError('A plan keeps at least one phase.');
      // its tasks go with it (the diff lists them); the phases after it move up one
      await tx.query('delete from public.action_plan_tasks where plan_id = $1 and phase = $2', [id, edit.phase]);
      await tx.query('delete from public.action_plan_phases where plan_id = $1 and phase = $2', [id, edit.phase]);
      await tx.query('update public.action_plan_phases set phase = phase - 1 where plan_id = $1 and phase > $2', [id, edit.phase]);
      await tx.query('update public.action_plan_tasks set phase = phase - 1 where plan_id = $1 and phase > $2', [id, edit.phase]);
      return;
    }
  }
}
