import type { AppContext } from '../context.js';
import { writeAudit } from '../security/audit.js';
import { inviteByEmail, requestRecovery } from './flows.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { parseEmail } from './request.js';
import { findUserByEmail, type UserRow } from './users.js';

/** In-process calls for the server functions and the operators' console; errors are AuthError (an ApiError). */

/** Same as POST /recover: no enumeration, rate-limited per IP and address, audited. */
export async function sendRecoveryEmail(
  ctx: AppContext,
  a: { email: string; redirectTo?: string; ip: string; userAgent?: string },
): Promise<void> {
  await requestRecovery(ctx, { email: parseEmail(a.email), redirectTo: a.redirectTo, meta: { ip: a.ip, userAgent: a.userAgent } });
}

export type PasswordOverride =
  { changed: UserRow; sessionsRevoked: number } | { refused: 'no_such_user' | 'target_is_admin'; userId: string | null };

/**
 * Sets the password of the user with this e-mail (weak ones refused) and signs that user out everywhere: every
 * session and refresh token is deleted in the same transaction, so whoever knew the old password or held a session
 * loses it. With `refuseAdmins`, an admin's password is not changed (one admin cannot take over another).
 */
export async function adminSetPassword(
  ctx: AppContext,
  a: { email: string; newPassword: string; refuseAdmins: boolean },
): Promise<PasswordOverride> {
  assertStrongPassword(a.newPassword, ctx.config);
  const email = parseEmail(a.email);
  const found = await findUserByEmail(ctx.db, email);
  if (!found || found.deleted_at) return { refused: 'no_such_user', userId: null };
  const hash = await hashPassword(a.newPassword, ctx.config.AUTH_BCRYPT_COST);
  return ctx.db.transaction(async (tx): Promise<PasswordOverride> => {
    // re-read under a row lock: the role may have changed while bcrypt ran
    const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1 for update', [found.id]);
    const user = rows[0];
    if (!user) return { refused: 'no_such_user', userId: null };
    if (a.refuseAdmins && user.raw_app_meta_data?.role === 'admin') return { refused: 'target_is_admin', userId: user.id };
    const { rows: updated } = await tx.query<UserRow>(
      'update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *',
      [user.id, hash],
    );
    await tx.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
    const gone = await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    await writeAudit(tx, {
      event_type: 'auth.admin.password_set',
      severity: 'warn',
      user_id: user.id,
      details: { sessions_revoked: gone.rowCount },
    });
    return { changed: updated[0]!, sessionsRevoked: gone.rowCount };
  });
}

/** Same as POST /invite (admin): creates the user and mails the invitation. */
export async function inviteUser(
  ctx: AppContext,
  a: { email: string; redirectTo?: string; data?: Record<string, unknown> },
): Promise<{ id: string }> {
  const user = await inviteByEmail(ctx, { email: parseEmail(a.email), data: a.data, redirectTo: a.redirectTo });
  return { id: user.id as string };
}
