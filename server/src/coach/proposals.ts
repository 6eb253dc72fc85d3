import type { CoachProposal } from '@app/shared';
import { describeCrmProposal } from '../crm/coach-tools.js';
import { PlanEditError } from '../plan/apply.js';
import { previewPlanEdits } from '../plan/preview.js';
import { describeConnectionProposal } from './connection-tools.js';
import { isPlanEditTool, planEditOf } from './plan-tools.js';
import type { RunAsUser } from './run-as-user.js';

/**
 * What a proposed write will change, for its approval card (the AI SDK's approvalDescriptor): a plan edit's diff,
 * worked out by applying it in a savepoint and rolling back, the connection idea to be saved, the connection to be
 * created (its trigger and steps) or the CRM record to be added (crm/coach-tools.ts). An edit that would not apply says
 * why. Undefined for tools that write nothing.
 */
export async function describeProposal(run: RunAsUser, toolName: string, input: unknown): Promise<CoachProposal | undefined> {
  if (toolName === 'saveConnectionIdea') {
    const i = input as { fromTool?: string; toTool?: string; idea?: string };
    return { diff: [{ kind: 'added', what: 'idea', label: `${i.fromTool ?? '?'} → ${i.toTool ?? '?'}: ${i.idea ?? ''}` }] };
  }
  if (toolName === 'proposeConnection') return describeConnectionProposal(run, input);
  const crm = await describeCrmProposal(run, toolName, input);
  if (crm) return crm;
  if (!isPlanEditTool(toolName)) return undefined;
  try {
    const { edit, why } = planEditOf(toolName, input);
    return { summary: why, diff: await run((tx) => previewPlanEdits(tx, [edit])) };
  } catch (err) {
    if (err instanceof PlanEditError) return { diff: [], error: err.message };
    return { diff: [], error: 'This change does not fit your plan as it stands.' };
  }
}
