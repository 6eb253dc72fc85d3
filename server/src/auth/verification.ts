import type { Queryable } from '../db/index.js';
import { linkAnonymousEmail } from './anonymous.js';
import { authError } from '../errors/auth.js';
import { consumeTokens, type TokenRow, type TokenType } from './one-time-tokens.js';
import { confirmEmail, findUserByEmail, findUserById, isBanned, type UserRow } from './users.js';

export const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
export type VerifyKind = (typeof VERIFY_TYPES)[number];

/** Which stored token a verification type checks (in order). */
export const TOKEN_TYPES: Record<VerifyKind, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new'],
};

/** Which PKCE flows a verification type completes (flow_state.authentication_method). */
export const FLOW_METHODS: Record<VerifyKind, string[]> = {
  signup: ['email/signup'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email: ['email/signup', 'magiclink'],
  email_change: ['email_change'],
};

/** Applies a valid token (confirm e-mail, swap e-mail...), makes all of the user's tokens used, returns the user. */
export async function applyVerification(tx: Queryable, row: TokenRow): Promise<UserRow> {
  const user = await findUserById(tx, row.user_id);
  if (!user) throw authError('otp_expired');
  if (isBanned(user)) throw authError('user_banned');
  await consumeTokens(tx, user.id);
  if (row.token_type === 'email_change_token_new') {
    if (user.is_anonymous) return linkAnonymousEmail(tx, user.id, row.relates_to);
    const taken = await findUserByEmail(tx, row.relates_to);
    if (taken && taken.id !== user.id) throw authError('email_exists');
    await tx.query(`update auth.users set email = $2, email_change = null, email_change_sent_at = null, updated_at = now() where id = $1`, [
      user.id,
      row.relates_to,
    ]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, row.relates_to],
    );
    return (await findUserById(tx, user.id))!;
  }
  // a confirmation, invite, recovery or magic link proves the address
  return confirmEmail(tx, user.id);
}
