import type { CoachApproval } from '@app/shared';
import type { StoredMessage } from './store.js';

type ToolPart = { type: string; state?: string; approval?: { id?: string; [k: string]: unknown }; [k: string]: unknown };

/**
 * The stored reply's parts with the customer's answers recorded (AI SDK 6: approval-requested → approval-responded),
 * or null when an answer names no proposal still waiting in that reply (forged, already answered, or another
 * conversation's): the server only acts on proposals it stored itself.
 */
export function answerProposals(last: StoredMessage | undefined, answers: CoachApproval[]): unknown[] | null {
  if (!last || last.role !== 'assistant') return null;
  const waiting = new Map<string, ToolPart>();
  for (const p of last.parts as ToolPart[])
    if (p?.state === 'approval-requested' && typeof p.approval?.id === 'string') waiting.set(p.approval.id, p);
  if (answers.some((a) => !waiting.has(a.id)) || new Set(answers.map((a) => a.id)).size !== answers.length) return null;
  const byId = new Map(answers.map((a) => [a.id, a]));
  return (last.parts as ToolPart[]).map((p) => {
    const a = p?.state === 'approval-requested' && p.approval?.id ? byId.get(p.approval.id) : undefined;
    if (!a) return p;
    return { ...p, state: 'approval-responded', approval: { ...p.approval, approved: a.approved, ...(a.reason && { reason: a.reason }) } };
  });
}
