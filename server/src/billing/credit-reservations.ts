import { COACH_MAX_OUTPUT_TOKENS, creditsForTokens } from '@app/shared';
import { approxTokens } from '../coach/reply-meter.js';
import type { Queryable } from '../db/types.js';

/**
 * Credits never go below zero (issue 41, migration 0720): a reply reserves its estimate before the provider is
 * called and settles after, both under the per-user ledger lock. docs/billing.md "Credit rules".
 */

/** What one reply may cost at most: its prompt plus one full-length answer. */
export const replyEstimate = (promptChars: number) => creditsForTokens(approxTokens(promptChars) + COACH_MAX_OUTPUT_TOKENS);

/** The reservation's id, or null when the balance, less other replies' reservations, holds nothing. */
export async function reserveCredits(db: Queryable, userId: string, estimate: number): Promise<string | null> {
  const r = await db.query<{ id: string | null }>('select public.credit_reserve($1, $2) as id', [userId, estimate]);
  return r.rows[0]?.id ?? null;
}

/** Ends a reservation and charges `credits` (0: nothing), capped at the balance; returns the balance after. No
 * conversation: the weekly review's suggestions (server/src/review). */
export async function settleCredits(
  db: Queryable,
  reservationId: string,
  charge: { userId: string; credits: number; conversationId: string | null; inputTokens: number; outputTokens: number },
): Promise<number> {
  const r = await db.query<{ balance: number }>('select public.credit_settle($1, $2, $3, $4, $5, $6) as balance', [
    reservationId,
    charge.userId,
    charge.credits,
    charge.conversationId,
    charge.inputTokens,
    charge.outputTokens,
  ]);
  return Number(r.rows[0]!.balance);
}

/** Releases a reservation whose reply was not charged (the provider answered nothing, or storing it failed). */
export async function releaseCredits(db: Queryable, reservationId: string, userId: string): Promise<void> {
  await db.query('delete from public.credit_reservations where id = $1 and user_id = $2', [reservationId, userId]);
}
