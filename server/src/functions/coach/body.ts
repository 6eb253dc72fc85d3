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

/** Our own body: { message, conversationId?, door? }. */
const Direct = z.object({ message: z.string(), conversationId: ConversationId, door: Door.optional() });

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

export const CoachBody = z
  .union([Direct, Transport])
  .transform((b) => {
    const message =
      'message' in b
        ? b.message
        : ([...b.messages].reverse().find((m) => m.role === 'user')?.parts ?? [])
            .filter((p) => p.type === 'text')
            .map((p) => p.text ?? '')
            .join('');
    return { message, conversationId: b.conversationId ?? null, door: (b.door ?? 'panel') as CoachDoor };
  })
  .pipe(z.object({ message: Message, conversationId: z.string().nullable(), door: Door }));
export type CoachBody = z.output<typeof CoachBody>;
