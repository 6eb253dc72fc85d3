import type { AppContext } from '../context.js';
import { writeAudit } from '../security/audit.js';
import { inviteByEmail, requestRecovery } from './flows.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { parseEmail } from './request.js';
import { findUserByEmail } from './users.js';

/** In-process calls for the server functions and the operators' console; errors are AuthError (an ApiError). */

/** Same as POST /recover: no enumeration, rate-limited per IP and address, audited. */
export async function sendRecoveryEmail(ctx: AppContext, a: { email: string; redirectTo?: string; ip: string; userAgent?: string }): Promise<void> {
  await requestRecovery(ctx, { email: parseEmail(a.email), redirectTo: a.redirectTo, meta: { ip: a.ip, userAgent: a.userAgent } });
}

/** Sets the password of the user with this e-mail (weak ones refused); returns the user id, or null when none. */
export async function adminSetPassword(ctx: AppContext, a: { email: string; newPassword: string }): Promise<string | null> {
  assertStrongPassword(a.newPassword, ctx.config);
  const user = await findUserByEmail(ctx.db, parseEmail(a.email));
  if (!user) return null;
  const hash = await hashPassword(a.newPassword, ctx.config.AUTH_BCRYPT_COST);
  await ctx.db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hash]);
  await writeAudit(ctx.db, { event_type: 'auth.admin.password_set', severity: 'warn', user_id: user.id });
  return user.id;
}

/** Same as POST /invite (admin): creates the user and mails the invitation. */
export async function inviteUser(ctx: AppContext, a: { email: string; redirectTo?: string; data?: Record<string, unknown> }): Promise<{ id: string }> {
  const user = await inviteByEmail(ctx, { email: parseEmail(a.email), data: a.data, redirectTo: a.redirectTo });
  return { id: user.id as string };
}
