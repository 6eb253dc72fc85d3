import type { UIMessage } from 'ai';
import type { CoachDataParts } from '@app/shared';

/** The coach's UI message: the AI SDK's, with the contract's data parts (data-conversation, data-facts, data-usage). */
export type CoachMessage = UIMessage<unknown, { [K in keyof CoachDataParts]: CoachDataParts[K] }>;
export type CoachPart = CoachMessage['parts'][number];

/** The message's text, its text parts joined (what copy-to-clipboard copies and Retry resends). */
export function messageText(m: Pick<CoachMessage, 'parts'>): string {
  return m.parts
    .filter((p): p is Extract<CoachPart, { type: 'text' }> => p.type === 'text')
    .map((p) => p.text)
    .join('');
}

/** One data part's payload, the latest if it was sent more than once. */
export function dataOf<K extends keyof CoachDataParts>(m: Pick<CoachMessage, 'parts'>, name: K): CoachDataParts[K] | undefined {
  const found = m.parts.filter((p) => p.type === `data-${name}`).at(-1) as { data: CoachDataParts[K] } | undefined;
  return found?.data;
}

/** Tool parts are `tool-<name>`; the name without the prefix, or null for other parts. */
export function toolName(p: CoachPart): string | null {
  return p.type.startsWith('tool-') ? p.type.slice(5) : p.type === 'dynamic-tool' ? (p as { toolName: string }).toolName : null;
}
