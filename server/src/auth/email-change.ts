import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { createFlowState } from './flow-state.js';
import { sendAuthMail } from './mail.js';
import { issueToken, type IssuedToken } from './one-time-tokens.js';
import type { parsePkce } from './request.js';
import type { UserRow } from './users.js';

/** One mail of an e-mail change: the new address always, the current one too with a secure change. */
export interface EmailChangeMail {
  to: string;
  kind: 'email_change' | 'email_change_current';
  token: IssuedToken;
}

/**
 * Records a pending change to `newEmail` and issues its tokens (inside the caller's transaction). With
 * AUTH_DOUBLE_CONFIRM_CHANGES, as GoTrue's secure e-mail change: email_change_token_current for the current address
 * and email_change_token_new for the new one, both to be followed (docs/security/auth-flows.md#3-e-mail-change).
 * A user without an address (anonymous) gets the new address's token only, as in GoTrue.
 */
export async function issueEmailChange(
  tx: Queryable,
  config: AppContext['config'],
  user: Pick<UserRow, 'id' | 'email'>,
  newEmail: string,
  pkce: ReturnType<typeof parsePkce>,
): Promise<EmailChangeMail[]> {
  await tx.query('update auth.users set email_change = $2, email_change_sent_at = now(), updated_at = now() where id = $1', [
    user.id,
    newEmail,
  ]);
  // a fresh request starts over: a half-confirmed earlier change must not complete this one
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type like 'email_change_token_%'`, [user.id]);
  if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
  const mails: EmailChangeMail[] = [
    { to: newEmail, kind: 'email_change', token: await issueToken(tx, user.id, 'email_change_token_new', newEmail, !!pkce) },
  ];
  if (config.AUTH_DOUBLE_CONFIRM_CHANGES && user.email) {
    const token = await issueToken(tx, user.id, 'email_change_token_current', user.email, !!pkce);
    mails.push({ to: user.email, kind: 'email_change_current', token });
  }
  return mails;
}

/** Sends the mails issueEmailChange prepared; each names the new address. */
export async function sendEmailChangeMails(ctx: AppContext, mails: EmailChangeMail[], newEmail: string, redirectTo: string) {
  for (const m of mails) await sendAuthMail(ctx, m.to, m.kind, m.token, { type: 'email_change', redirectTo }, { newEmail });
}
