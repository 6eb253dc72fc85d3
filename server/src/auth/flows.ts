import type { AppContext } from '../context.js';
import { writeAudit } from '../security/audit.js';
import { authError } from '../errors/auth.js';
import { createFlowState } from './flow-state.js';
import { authLimitsFor, limitMailSend, limitRequest } from './limits.js';
import { sendAuthMail } from './mail.js';
import { issueToken } from './one-time-tokens.js';
import { pickRedirect } from './redirect.js';
import type { RequestMeta } from './request.js';
import { findUserByEmail, insertUser, userJson, type UserRow } from './users.js';

type Pkce = { challenge: string; method: 's256' | 'plain' } | undefined;

/**
 * POST /recover and api.sendRecoveryEmail: the same answer whether or not the address has an account
 * (the per-address mail limit is counted for unknown addresses too, so even a 429 tells nothing).
 */
export async function requestRecovery(
  ctx: AppContext,
  a: { email: string; redirectTo?: string; pkce?: Pkce; meta: RequestMeta },
): Promise<void> {
  const limits = authLimitsFor(ctx);
  await limitRequest(limits.recover, a.meta.ip);
  await limitMailSend(limits, a.email);
  const user = await findUserByEmail(ctx.db, a.email);
  await writeAudit(ctx.db, {
    event_type: 'auth.recovery_requested',
    user_id: user?.id,
    ip: a.meta.ip,
    user_agent: a.meta.userAgent,
    details: { known: !!user },
  });
  if (!user) return;
  const token = await ctx.db.transaction(async (tx) => {
    if (a.pkce) await createFlowState(tx, user.id, a.pkce, 'recovery');
    const t = await issueToken(tx, user.id, 'recovery_token', a.email, !!a.pkce);
    await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
    return t;
  });
  await sendAuthMail(ctx, a.email, 'recovery', token, { type: 'recovery', redirectTo: pickRedirect(a.redirectTo, ctx.config) });
}

/** POST /invite and api.inviteUser: creates the user (unconfirmed, no password) or re-invites an unconfirmed one. */
export async function inviteByEmail(
  ctx: AppContext,
  a: { email: string; data?: Record<string, unknown>; redirectTo?: string; meta?: RequestMeta },
): Promise<Record<string, unknown>> {
  const existing = await findUserByEmail(ctx.db, a.email);
  if (existing?.email_confirmed_at) throw authError('email_exists');
  const { user, token } = await ctx.db.transaction(async (tx) => {
    const created: UserRow =
      existing ??
      (await insertUser(tx, { email: a.email, passwordHash: null, userMetadata: a.data ?? {}, confirmed: false, invited: true }));
    const token = await issueToken(tx, created.id, 'confirmation_token', a.email, false);
    const { rows } = await tx.query<UserRow>(
      'update auth.users set invited_at = now(), confirmation_sent_at = now() where id = $1 returning *',
      [created.id],
    );
    return { user: rows[0]!, token };
  });
  // by default the app's /auth/confirm, which takes the invitee to "set your password" (issue 14 item 2)
  await sendAuthMail(ctx, a.email, 'invite', token, {
    type: 'invite',
    redirectTo: pickRedirect(a.redirectTo, ctx.config, `${ctx.config.SITE_URL}/auth/confirm`),
  });
  await writeAudit(ctx.db, { event_type: 'auth.admin.user_invited', user_id: user.id, ip: a.meta?.ip, user_agent: a.meta?.userAgent });
  return userJson(ctx.db, user);
}
