import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { plainText } from '@/lib/plain-text';
import type { CoachMessage } from '../lib/coach-message';

export interface ConversationSummary {
  id: string;
  title: string;
  updated_at: string;
}

const fail = (error: { message: string } | null) => {
  if (error) throw new Error(error.message);
};

/** The signed-in user's conversations, latest first (RLS: the owner only). */
export async function listConversations(): Promise<ConversationSummary[]> {
  const { data, error } = await supabase()
    .from('coach_conversations')
    .select('id, title, updated_at')
    .order('updated_at', { ascending: false })
    .limit(100);
  fail(error);
  return data ?? [];
}

const partsSchema = z.array(z.object({ type: z.string() }).passthrough());
const rowSchema = z.object({ id: z.union([z.string(), z.number()]), role: z.enum(['user', 'assistant']), parts: partsSchema });

/** A conversation's stored messages as UI messages, to resume it in any door on any device. */
export async function loadConversationMessages(conversationId: string): Promise<CoachMessage[]> {
  const { data, error } = await supabase()
    .from('coach_messages')
    .select('id, role, parts, created_at')
    .eq('conversation_id', conversationId)
    .order('created_at')
    .order('id');
  fail(error);
  return (data ?? []).flatMap((row) => {
    const r = rowSchema.safeParse(row);
    return r.success ? [{ id: String(r.data.id), role: r.data.role, parts: r.data.parts as CoachMessage['parts'] }] : [];
  });
}

export const conversationTitleSchema = plainText(200, 1);

export async function renameConversation(id: string, title: string) {
  const { error } = await supabase()
    .from('coach_conversations')
    .update({ title: conversationTitleSchema.parse(title) })
    .eq('id', id);
  fail(error);
}

export async function deleteConversation(id: string) {
  const { error } = await supabase().from('coach_conversations').delete().eq('id', id);
  fail(error);
}
