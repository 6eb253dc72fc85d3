import { COACH_MESSAGE_MAX_CHARS, type CoachDoor } from '@app/shared';
import { z } from 'zod';
import { safeText } from '../../http/body.js';

const Door = z.enum(['panel', 'coach_view', 'integration_assistant']);
const ConversationId = z.uuid('conversationId must be a conversation id').nullish();

export const Message = safeText()
  .refine((s) => s.trim().length > 0, 'Type a message first')
  .refine(
    (s) => s.length <= COACH_MESSAGE_MAX_CHARS,
    `A message can be at most ${COACH_MESSAGE_MAX_CHARS.toLocaleString('en-GB')} characters`,
  );

const Approval = z.object({ id: z.string().min(1).max(200), approved: z.boolean(), reason: safeText().max(500).optional() });

/** Our own body: { message, conversationId?, door? }, or { approvals, conversationId } answering the coach's proposals. */
const Direct = z.union([
  z.object({ message: z.string(), conversationId: ConversationId, door: Door.optional() }),
  z.object({
    approvals: z.array(Approval).min(1).max(200),
    conversationId: z.uuid('conversationId must be a conversation id'),
    door: Door.optional(),
  }),
]);

/** The AI SDK's useChat transport body: the message is the last user message's text (history is ours, not the browser's). */
const Transport = z
  .object({
    messages: z
      .array(
        z
          .object({ role: z.string(), parts: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()).max(100) })
          .loose(),
      )
      .min(1, 'messages must not be empty')
      .max(500),
    conversationId: ConversationId,
    door: Door.optional(),
  })
  .loose();

/**
 * The approval answers in useChat's last assistant message (AI SDK 6: tool parts in state approval-responded), or
 * null when the last message is the customer's. Only the answers are taken from the browser: the proposals, their
 * inputs and everything else come from the stored conversation.
 */
function approvalsIn(messages: z.output<typeof Transport>['messages']) {
  const last = messages.at(-1)!;
  if (last.role !== 'assistant') return null;
  const answers = last.parts.flatMap((p) => {
    const r = Approval.safeParse(
      (p as { state?: unknown; approval?: unknown }).state === 'approval-responded' ? (p as { approval?: unknown }).approval : null,
    );
    return r.success ? [r.data] : [];
  });
  return answers.length ? answers : null;
}

const Question = z.object({ message: Message, conversationId: z.string().nullable(), door: Door });
const Answers = z.object({ approvals: z.array(Approval).min(1), conversationId: z.string(), door: Door });

export const CoachBody = z
  .union([Direct, Transport])
  .transform((b) => {
    const door = (b.door ?? 'panel') as CoachDoor;
    if ('approvals' in b && Array.isArray(b.approvals)) return { approvals: b.approvals, conversationId: b.conversationId, door };
    if ('messages' in b) {
      const approvals = approvalsIn(b.messages);
      if (approvals) return { approvals, conversationId: b.conversationId ?? '', door };
    }
    const message =
      'message' in b
        ? b.message
        : 'messages' in b
          ? ([...b.messages].reverse().find((m) => m.role === 'user')?.parts ?? [])
              .filter((p) => p.type === 'text')
              .map((p) => p.text ?? '')
              .join('')
          : '';
    return { message, conversationId: b.conversationId ?? null, door };
  })
  .pipe(z.union([Question, Answers.extend({ conversationId: z.uuid('Answer a proposal in its conversation') })]));
export type CoachBody = z.output<typeof CoachBody>;
