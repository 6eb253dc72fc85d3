import type { PlanSnapshot } from '@app/shared';
import type { Queryable } from '../db/types.js';
import { nameVersion, PlanEditError } from './apply.js';
import { readActivePlan } from './store.js';

type Actor = 'customer' | 'coach';

/** Makes `planId` the active plan (a restore of an older plan's version brings that plan back). */
async function activate(tx: Queryable, planId: string) {
  await tx.query('update public.action_plans set archived_at = now() where archived_at is null and id <> $1', [planId]);
  await tx.query('update public.action_plans set archived_at = null where id = $1 and archived_at is not null', [planId]);
}

/** Puts the plan back as `snapshot` holds it: its phases, and its tasks by id (ticks and all), as a new version. */
async function putBack(tx: Queryable, planId: string, s: PlanSnapshot) {
  await activate(tx, planId);
  await tx.query('update public.action_plans set title = $2, starts_on = $3 where id = $1', [planId, s.title, s.startsOn]);
  await tx.query('delete from public.action_plan_phases where plan_id = $1', [planId]);
  for (const p of s.phases)
    await tx.query('insert into public.action_plan_phases (plan_id, phase, name, start_day, end_day) values ($1, $2, $3, $4, $5)', [
      planId,
      p.phase,
      p.name,
      p.startDay,
      p.endDay,
    ]);
  await tx.query('delete from public.action_plan_tasks where plan_id = $1 and not (id = any($2::uuid[]))', [
    planId,
    s.tasks.map((t) => t.id),
  ]);
  for (const t of s.tasks) {
    const phaseName = s.phases.find((p) => p.phase === t.phase)?.name ?? `Phase ${t.phase}`;
    await tx.query(
      `insert into public.action_plan_tasks (id, plan_id, phase, phase_name, position, title, detail, due_date, owner_name, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (id) do update set phase = excluded.phase, phase_name = excluded.phase_name, position = excluded.position,
         title = excluded.title, detail = excluded.detail, due_date = excluded.due_date, owner_name = excluded.owner_name,
         status = excluded.status`,
      [t.id, planId, t.phase, phaseName, t.position, t.title, t.notes, t.dueDate, t.ownerName, t.status],
    );
  }
}

/** Restores one of the customer's versions (RLS: only theirs are found) as a new version. */
export async function restorePlanVersion(tx: Queryable, versionId: string, actor: Actor) {
  const v = (
    await tx.query<{ plan_id: string; number: number; snapshot: PlanSnapshot }>(
      'select plan_id, number, snapshot from public.action_plan_versions where id = $1',
      [versionId],
    )
  ).rows[0];
  if (!v) throw new PlanEditError('That version was not found.');
  await nameVersion(tx, actor, `Restored version ${v.number}`);
  await putBack(tx, v.plan_id, v.snapshot);
}

/**
 * Undoes the active plan's latest change: back to the version before it, as a new version. The first version of a
 * plan that replaced another is undone by bringing the other back.
 */
export async function undoLastPlanChange(tx: Queryable, actor: Actor) {
  const plan = await readActivePlan(tx);
  if (!plan) throw new PlanEditError('There is nothing to undo.');
  const [latest, previous] = (
    await tx.query<{ number: number; summary: string; snapshot: PlanSnapshot }>(
      'select number, summary, snapshot from public.action_plan_versions where plan_id = $1 order by number desc limit 2',
      [plan.id],
    )
  ).rows;
  if (previous) {
    await nameVersion(tx, actor, `Undid: ${latest!.summary}`);
    await putBack(tx, plan.id, previous.snapshot);
    return;
  }
  const older = (
    await tx.query<{ id: string }>(
      'select id from public.action_plans where archived_at is not null and id <> $1 order by created_at desc limit 1',
      [plan.id],
    )
  ).rows[0];
  if (!older) throw new PlanEditError('There is nothing to undo.');
  await nameVersion(tx, actor, `Undid: ${latest?.summary ?? 'the new plan'}`);
  await activate(tx, older.id);
}
