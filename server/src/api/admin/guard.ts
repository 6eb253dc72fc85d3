import type { Context } from 'hono';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/json.js';
import type { UserRow } from '../../accounts/index.js';
import { clientIp } from '../../http/client-ip.js';
import { writeAudit } from '../../security/audit.js';
import { adminRefusalAnswer, bearerClaims, checkLiveAdmin, claimUserId } from '../../security/live-admin.js';

/** An error of the operators' API: /api's {code, message}, from the catalogue (errors/json.ts). */
export const adminError = appError;

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
  throw adminError(answer.code, answer.message);
}
