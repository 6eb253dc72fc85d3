import type { PlanDiff, PlanEdit } from '@app/shared';
import type { Queryable } from '../db/types.js';
import { applyPlanEdits } from './apply.js';

/**
 * What `edits` would change, without changing anything: applied inside a savepoint of the caller's transaction and
 * rolled back (so the same rules refuse the same edits). For the coach's approval card.
 */
export async function previewPlanEdits(tx: Queryable, edits: PlanEdit[]): Promise<PlanDiff> {
  await tx.query('savepoint plan_preview');
  try {
    return (await applyPlanEdits(tx, edits, { actor: 'coach' })).diff;
  } finally {
    await tx.query('rollback to savepoint plan_preview');
  }
}
