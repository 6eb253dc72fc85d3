import type { Context } from 'hono';
import { ApiError } from '../../errors/api-error.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../auth/users.js';
import { clientIp } from '../../http/client-ip.js';
import { writeAudit } from '../../security/audit.js';
import { adminRefusalAnswer, bearerClaims, checkLiveAdmin, claimUserId } from '../../security/live-admin.js';

/** An error of the operators' API: {code, message}, safe to send as it is. */
export const adminError = (status: 400 | 401 | 403 | 404 | 409 | 422, code: string, message: string) =>
  new ApiError(status, { code, message });

/**
 * The caller must be a live admin (security/live-admin.ts): a valid token claiming the admin role, whose user still
 * has it in auth.users, is not banned, whose session row still exists, at aal2 when the user has a verified factor.
 * A token that claims the admin role and is refused anyway (signed out, demoted, aal1) leaves an audit row.
 */
export async function requireAdminCaller(ctx: AppContext, c: Context): Promise<UserRow> {
  const claims = await bearerClaims(ctx, c);
  const check = typeof claims === 'string' ? ({ ok: false, refusal: claims, claims: null } as const) : await checkLiveAdmin(ctx, claims);
  if (check.ok) return check.user;
  if (check.claims?.app_metadata?.role === 'admin') {
    await writeAudit(ctx.db, {
      event_type: 'admin.access_denied',
      severity: 'warn',
      user_id: claimUserId(check.claims),
      ip: clientIp(c, ctx.config),
      user_agent: c.req.header('user-agent'),
      details: { reason: check.refusal, path: new URL(c.req.url).pathname.slice(0, 200), method: c.req.method },
    });
  }
  const answer = adminRefusalAnswer(check.refusal);
  throw adminError(answer.status, answer.code, answer.message);
}
