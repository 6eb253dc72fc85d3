import type { Context } from 'hono';
import { z } from 'zod';
import { adminSetPassword } from '../auth/api.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { writeAudit } from '../security/audit.js';
import { callerClaims, fail, failFromApiError, ok, readBody, requestIdentity } from './common.js';

const Body = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  newPassword: z.string().min(1, 'New password is required').max(72, 'Password must be at most 72 characters'),
});

export const OVERRIDE_DONE = 'Password changed successfully using admin override!';

/**
 * POST /functions/v1/emergency-password-change {email, newPassword}: the specification's "admin override".
 * Only the service role or a user whose app_metadata.role is 'admin' may use it. Refusals (401 without a
 * valid token or as a visitor, 403 as another user) write a critical audit row; every use is audited.
 */
export async function emergencyPasswordChange(ctx: AppContext, c: Context) {
  const { ip, userAgent } = requestIdentity(c, ctx);
  const claims = await callerClaims(c, ctx);
  const isService = claims?.role === 'service_role';
  const isAdmin = claims?.role === 'authenticated' && (claims.app_metadata as { role?: unknown } | undefined)?.role === 'admin';
  const actor = claims?.sub ?? null;
  if (!isService && !isAdmin) {
    const status = claims?.role === 'authenticated' ? 403 : 401;
    await writeAudit(ctx.db, { event_type: 'emergency_password_change_denied', severity: 'critical', user_id: actor, ip, user_agent: userAgent, details: { caller_role: claims?.role ?? 'none' } });
    return status === 403
      ? fail(c, 403, 'forbidden', 'Only administrators can change passwords directly')
      : fail(c, 401, 'unauthorized', 'Administrator authentication is required');
  }
  const body = await readBody(c, Body);
  if ('invalid' in body) return fail(c, 400, 'validation_failed', body.invalid);
  const audit = (outcome: string, target: string | null, severity: 'warn' | 'critical' = 'critical') =>
    writeAudit(ctx.db, { event_type: 'emergency_password_change', severity, user_id: actor, ip, user_agent: userAgent, details: { outcome, by: isService ? 'service_role' : 'admin', target_user_id: target } });
  try {
    const userId = await adminSetPassword(ctx, { email: body.email, newPassword: body.newPassword });
    if (!userId) {
      await audit('no_such_user', null, 'warn');
      return fail(c, 404, 'user_not_found', 'No user with this email address');
    }
    await audit('changed', userId);
    return ok(c, OVERRIDE_DONE);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await audit(`refused: ${String((err.body as { error_code?: unknown }).error_code ?? err.status)}`, null, 'warn');
    return failFromApiError(c, err);
  }
}
