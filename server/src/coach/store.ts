import type { Database, Queryable } from '../db/types.js';
import { settleCredits } from '../billing/credit-reservations.js';

/**
 * Conversations and messages, written with the server's own connection (users may only read them: 0400). Every
 * query names the user, so one user's id never reaches another user's rows.
 */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: unknown[];
}

/** A title from the first message: its first line, at most 60 characters, cut at a word. */
export function conversationTitle(message: string): string {
  const line = message.trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= 60) return line || 'New conversation';
  const cut = line.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export async function findConversation(db: Queryable, userId: string, id: string): Promise<{ id: string; title: string } | null> {
  const r = await db.query<{ id: string; title: string }>(
    'select id, title from public.coach_conversations where id = $1 and user_id = $2',
    [id, userId],
  );
  return r.rows[0] ?? null;
}

export async function createConversation(db: Queryable, userId: string, title: string): Promise<{ id: string; title: string }> {
  const r = await db.query<{ id: string; title: string }>(
    'insert into public.coach_conversations (user_id, title) values ($1, $2) returning id, title',
    [userId, title],
  );
  return r.rows[0]!;
}

/** The conversation's latest messages, oldest first (the model's history; never the browser's copy). */
export async function loadHistory(db: Queryable, userId: string, conversationId: string, limit = 30): Promise<StoredMessage[]> {
  const r = await db.query<StoredMessage>(
    `select id, role, parts from (select id, role, parts, created_at from public.coach_messages
       where conversation_id = $1 and user_id = $2 order by created_at desc limit $3) m order by created_at`,
    [conversationId, userId, limit],
  );
  return r.rows;
}

/** Stores one message and moves the conversation to the top of the list (one statement: one round trip). */
export async function saveMessage(
  db: Queryable,
  userId: string,
  conversationId: string,
  role: 'user' | 'assistant',
  parts: unknown[],
  id?: string,
): Promise<string> {
  const r = await db.query<{ id: string }>(
    `with m as (insert into public.coach_messages (id, conversation_id, user_id, role, parts)
                values (coalesce($5::uuid, gen_random_uuid()), $1, $2, $3, $4::jsonb) returning id),
          c as (update public.coach_conversations set updated_at = now() where id = $1 and user_id = $2)
     select id from m`,
    [conversationId, userId, role, JSON.stringify(parts), id ?? null],
  );
  return r.rows[0]!.id;
}

/** Rewrites a stored message's parts (an answered proposal, a reply continued after one); names the user too. */
export async function replaceMessageParts(db: Queryable, userId: string, id: string, parts: unknown[]): Promise<void> {
  await db.query('update public.coach_messages set parts = $3::jsonb where id = $1 and user_id = $2', [id, userId, JSON.stringify(parts)]);
}

/** The text of a stored message's text parts. */
export const messageText = (parts: unknown[]) =>
  parts
    .map((p) =>
      p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' ? String((p as { text?: unknown }).text ?? '') : '',
    )
    .join('');

/** What one reply is charged (credits 0 on the unlimited tier), with the provider's token counts or our estimate. */
export interface ReplyCharge {
  userId: string;
  conversationId: string;
  credits: number;
  inputTokens: number;
  outputTokens: number;
  /** The credits held for this reply: settled here (the charge capped at the balance). */
  reservation?: string | null;
}

/**
 * Charges for the coach's reply and stores it in one transaction: both or neither. `partsFor` builds the stored
 * parts from the balance after the charge (null when nothing is charged: the unlimited tier), which it returns.
 * coach_charge's per-user lock holds until COMMIT.
 */
export async function chargeAndStoreReply(
  db: Database,
  charge: ReplyCharge,
  partsFor: (balance: number | null) => unknown[],
  /** The reply's id (the stream's messageId); `continues`: it is a stored reply going on after the customer answered
   * its proposals, rewritten rather than added. */
  reply: { messageId?: string; continues?: boolean } = {},
): Promise<number | null> {
  return db.transaction(async (tx) => {
    let balance: number | null = null;
    if (charge.reservation) {
      balance = await settleCredits(tx, charge.reservation, charge);
    } else if (charge.credits > 0) {
      const r = await tx.query<{ balance: number }>('select public.coach_charge($1, $2, $3, $4, $5) as balance', [
        charge.userId,
        charge.credits,
        charge.conversationId,
        charge.inputTokens,
        charge.outputTokens,
      ]);
      balance = Number(r.rows[0]!.balance);
    }
    if (reply.continues && reply.messageId) await replaceMessageParts(tx, charge.userId, reply.messageId, partsFor(balance));
    else await saveMessage(tx, charge.userId, charge.conversationId, 'assistant', partsFor(balance), reply.messageId);
    return balance;
  });
}
