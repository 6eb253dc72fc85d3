import type { Context } from 'hono';
import { z } from 'zod';
import { sendRecoveryEmail } from '../accounts/index.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors/api-error.js';
import { APP_ERRORS } from '../errors/catalogue.js';
import { fail, failFromAuth, ok, readBody, requestIdentity } from './common.js';

const Body = z.object({ email: z.string().trim().min(1, 'Email is required').max(320) });

export const RESET_SENT = 'Password reset email sent successfully!';

/**
 * POST /functions/v1/custom-password-reset {email}: the recovery mail, linking to /reset-password.
 * The answer is the same whether or not the address has an account (no enumeration). Mail transport
 * failures answer 503 email_service_unavailable with the SMTP code (e.g. 535), which the front end shows as
 * "Email service temporarily unavailable...".
 */
export async function customPasswordReset(ctx: AppContext, c: Context) {
  const body = await readBody(c, Body);
  if ('invalid' in body) return fail(c, 'validation_failed', body.invalid);
  const { ip, userAgent } = requestIdentity(c, ctx);
  try {
    await sendRecoveryEmail(ctx, { email: body.email, redirectTo: `${ctx.config.SITE_URL}/reset-password`, ip, userAgent });
    return ok(c, RESET_SENT);
  } catch (err) {
    // The accounts service keeps the SMTP reply code (e.g. 535, bad credentials) on mail failures.
    const smtp = (err as { responseCode?: unknown }).responseCode;
    const mailFailed = typeof smtp === 'number' || (err instanceof ApiError && err.status >= 500);
    if (mailFailed) {
      ctx.log.error({ smtp, message: (err as Error).message }, 'custom-password-reset: recovery mail could not be sent');
      return fail(
        c,
        'email_service_unavailable',
        `${APP_ERRORS.email_service_unavailable.message}${typeof smtp === 'number' ? ` (code ${smtp})` : ''}`,
      );
    }
    if (err instanceof ApiError) return failFromAuth(c, err);
    throw err; // app.onError answers a generic 500 and logs it
  }
}
