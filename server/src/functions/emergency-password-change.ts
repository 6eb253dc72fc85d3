import type { Context } from 'hono';
import { z } from 'zod';
import { adminSetPassword, type JwtClaims } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors/api-error.js';
import { renderPasswordOverrideMail } from '../mail/templates/security-notices.js';
import { writeAudit } from '../security/audit.js';
import { bearerClaims, checkLiveAdmin, claimUserId, type AdminRefusal } from '../security/live-admin.js';
import { fail, failFromAuth, ok, readBody, requestIdentity } from './common.js';

const Body = z.object({
  email: z.string().trim().min(1, 'Email is required').max(320),
  newPassword: z.string().min(1, 'New password is required').max(72, 'Password must be at most 72 characters'),
});

export const OVERRIDE_DONE = 'Password changed successfully using admin override!';

type Caller = { by: 'service_role'; actor: null } | { by: 'admin'; actor: string } | { refused: AdminRefusal; claims: JwtClaims | null };

/** The service role, a live admin (security/live-admin.ts: session, role and aal as the database has them now), or why not. */
async function whoIsCalling(ctx: AppContext, c: Context): Promise<Caller> {
  const claims = await bearerClaims(ctx, c);
  if (typeof claims === 'string') return { refused: claims, claims: null };
  if (claims.role === 'service_role') return { by: 'service_role', actor: null };
  const check = await checkLiveAdmin(ctx, claims);
  return check.ok ? { by: 'admin', actor: check.user.id } : { refused: check.refusal, claims };
}

function refusalAnswer(c: Context, refusal: AdminRefusal, claims: JwtClaims | null) {
  if (!claims || claims.role !== 'authenticated') return fail(c, 'unauthorized');
  if (refusal === 'session_not_found' || refusal === 'session_expired') return fail(c, 'session_not_found');
  if (refusal === 'aal2_required') return fail(c, 'insufficient_aal', 'Verify your second factor (aal2) to change passwords directly');
  return fail(c, 'forbidden');
}

/**
 * POST /functions/v1/emergency-password-change {email, newPassword}: the specification's "admin override".
 * Only the service role or a live admin may use it, and an admin cannot override an admin. A change signs the
 * target out everywhere and mails them. Every refusal (critical) and every use is a server-written audit row.
 */
export async function emergencyPasswordChange(ctx: AppContext, c: Context) {
  const { ip, userAgent } = requestIdentity(c, ctx);
  const caller = await whoIsCalling(ctx, c);
  if ('refused' in caller) {
    await writeAudit(ctx.db, {
      event_type: 'emergency_password_change_denied',
      severity: 'critical',
      user_id: claimUserId(caller.claims),
      ip,
      user_agent: userAgent,
      details: { caller_role: caller.claims?.role ?? 'none', reason: caller.refused },
    });
    return refusalAnswer(c, caller.refused, caller.claims);
  }
  const body = await readBody(c, Body);
  if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
  const audit = (outcome: string, target: string | null, severity: 'warn' | 'critical' = 'critical', extra: Record<string, unknown> = {}) =>
    writeAudit(ctx.db, {
      event_type: 'emergency_password_change',
      severity,
      user_id: caller.actor,
      ip,
      user_agent: userAgent,
      details: { outcome, by: caller.by, target_user_id: target, ...extra },
    });
  try {
    const result = await adminSetPassword(ctx, { email: body.email, newPassword: body.newPassword, refuseAdmins: caller.by === 'admin' });
    if ('refused' in result) {
      if (result.refused === 'no_such_user') {
        await audit('no_such_user', null, 'warn');
        return fail(c, 'user_not_found', 'No user with this email address');
      }
      await audit('refused: target_is_admin', result.userId);
      return fail(c, 'target_is_admin');
    }
    const target = result.changed;
    const mailSent = await mailTarget(ctx, target.email);
    await audit('changed', target.id, 'critical', { sessions_revoked: result.sessionsRevoked, owner_notified: mailSent });
    return ok(c, OVERRIDE_DONE);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await audit(`refused: ${String((err.body as { error_code?: unknown }).error_code ?? err.status)}`, null, 'warn');
    return failFromAuth(c, err);
  }
}

/** The owner learns of the change; a mail failure is logged and audited but does not undo the (already made) change. */
async function mailTarget(ctx: AppContext, to: string | null): Promise<boolean> {
  if (!to) return false;
  try {
    await ctx.mailer.send({
      to,
      ...renderPasswordOverrideMail({ brand: ctx.config.BRAND_NAME, siteUrl: ctx.config.SITE_URL, at: new Date() }),
    });
    return true;
  } catch (err) {
    ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'password override notice could not be sent');
    return false;
  }
}
