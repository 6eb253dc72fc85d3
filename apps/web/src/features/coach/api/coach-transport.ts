import { DefaultChatTransport } from 'ai';
import type { CoachDoor, CoachRequest } from '@app/shared';
import { runtimeConfig } from '@/lib/runtime-config';
import { supabase } from '@/lib/supabase';
import { coachHttpError } from '../lib/coach-errors';
import { messageText, type CoachMessage } from '../lib/coach-message';

/**
 * The body the coach endpoint takes: only the newest user message's text, the conversation and the door.
 * History stays on the server (it is read from the database there, never trusted from the browser).
 */
export function coachRequestBody(messages: CoachMessage[], conversationId: string | null, door: CoachDoor): CoachRequest {
  // the customer answered the coach's proposals (AI SDK tool approval): only the answers go, never the parts
  const last = messages.at(-1);
  if (last?.role === 'assistant') {
    const approvals = last.parts.flatMap((p) => {
      const a = (p as { state?: string; approval?: { id?: string; approved?: boolean; reason?: string } }).approval;
      return (p as { state?: string }).state === 'approval-responded' && a?.id && typeof a.approved === 'boolean'
        ? [{ id: a.id, approved: a.approved, ...(a.reason && { reason: a.reason }) }]
        : [];
    });
    if (approvals.length) return { approvals, conversationId, door };
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return { message: lastUser ? messageText(lastUser) : '', conversationId, door };
}

/** Refusals arrive as JSON `{ code, message }`; thrown as CoachHttpError so the chat can tell them apart. */
async function coachFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (!res.ok) throw await coachHttpError(res);
  return res;
}

/**
 * useChat's transport to POST /functions/v1/coach with the user's access token. It remembers the conversation:
 * the server names a new one in its first data part, and every later message continues it.
 */
export function createCoachTransport(door: CoachDoor, initialConversationId: string | null) {
  let conversationId = initialConversationId;
  const { supabaseUrl, anonKey } = runtimeConfig();
  const transport = new DefaultChatTransport<CoachMessage>({
    api: `${supabaseUrl.replace(/\/$/, '')}/functions/v1/coach`,
    fetch: coachFetch,
    headers: async (): Promise<Record<string, string>> => {
      const { data } = await supabase().auth.getSession();
      const token = data.session?.access_token;
      return token ? { authorization: `Bearer ${token}`, apikey: anonKey } : { apikey: anonKey };
    },
    prepareSendMessagesRequest: ({ messages, headers }) => ({ headers, body: coachRequestBody(messages, conversationId, door) }),
  });
  return {
    transport,
    setConversationId: (id: string) => {
      conversationId = id;
    },
  };
}
