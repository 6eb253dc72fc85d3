import type { Queryable } from '../db/index.js';
import { linkAnonymousEmail } from './anonymous.js';
import { authError } from '../errors/auth.js';
import { consumeToken, consumeTokens, hasLiveToken, type TokenRow, type TokenType } from './one-time-tokens.js';
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
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

/** GoTrue's answer to the first of the two links of a secure e-mail change (internal/api/verify.go). */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export type Verified =
  /** The token did its job; `changedFrom` is the old address when an e-mail change completed (it gets a notice). */
  | { pending: false; user: UserRow; changedFrom?: string }
  /** The first half of a secure e-mail change: the other address's link is still to be followed. */
  | { pending: true; userId: string };

const EMAIL_CHANGE_TOKENS: TokenType[] = ['email_change_token_new', 'email_change_token_current'];

/** Which PKCE flows a verification type completes (flow_state.authentication_method). */
export const FLOW_METHODS: Record<VerifyKind, string[]> = {
  signup: ['email/signup'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email: ['email/signup', 'magiclink'],
  email_change: ['email_change'],
};

/**
 * Applies a valid token (confirm e-mail, swap e-mail...) and makes the user's tokens used. A secure e-mail change
 * (AUTH_DOUBLE_CONFIRM_CHANGES) issued two tokens: the first followed is consumed alone and answers `pending`, the
 * second completes the change, as GoTrue's email_change_confirm_status does (the state is which token is left).
 */
export async function applyVerification(tx: Queryable, row: TokenRow, expirySeconds: number): Promise<Verified> {
  const user = await findUserById(tx, row.user_id);
  if (!user) throw authError('otp_expired');
  if (isBanned(user)) throw authError('user_banned');
  if (EMAIL_CHANGE_TOKENS.includes(row.token_type)) {
    const other = row.token_type === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
    if (await hasLiveToken(tx, user.id, other, expirySeconds)) {
      await consumeToken(tx, row.id);
      return { pending: true, userId: user.id };
    }
    await consumeTokens(tx, user.id);
    const newEmail = user.email_change;
    if (!newEmail) throw authError('otp_expired');
    if (user.is_anonymous) return { pending: false, user: await linkAnonymousEmail(tx, user.id, newEmail) };
    const taken = await findUserByEmail(tx, newEmail);
    if (taken && taken.id !== user.id) throw authError('email_exists');
    await tx.query(`update auth.users set email = $2, email_change = null, email_change_sent_at = null, updated_at = now() where id = $1`, [
      user.id,
      newEmail,
    ]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
    return { pending: false, user: (await findUserById(tx, user.id))!, changedFrom: user.email ?? undefined };
  }
  await consumeTokens(tx, user.id);
  // a confirmation, invite, recovery or magic link proves the address
  return { pending: false, user: await confirmEmail(tx, user.id) };
}
