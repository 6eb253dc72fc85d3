import type { Context, MiddlewareHandler } from 'hono';
import { type z } from 'zod';
import type { AppContext } from '../context.js';
import { parseJsonBody } from '../http/body.js';
import { clientIp } from '../http/client-ip.js';
import { tokenSecondFactorPending } from '../auth/guards.js';
import { type ApiError } from '../errors/api-error.js';
import { APP_ERRORS } from '../errors/catalogue.js';
import { functionsErrorResponse } from '../errors/json.js';
import { bearerClaims } from '../security/live-admin.js';

/**
 * What every /functions/v1 handler answers: same-origin JSON the front end maps to the specification's
 * toasts. Success: { success: true, message }. Failure: { success: false, code, error } with an HTTP status.
 */
export const ok = (c: Context, message: string) => c.json({ success: true, message }, 200);
export const fail = functionsErrorResponse;

/**
 * Before any function a signed-in user calls: a session that has not passed the user's verified second factor
 * (aal1) is refused with 403 insufficient_aal (docs/security.md "Second factor (aal)"). Other callers (anon key,
 * service role, a bad or dead token) go on: each function answers them its own way.
 */
export function requireSecondFactorPassed(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const claims = await bearerClaims(ctx, c);
    if (typeof claims !== 'string' && claims.role === 'authenticated' && (await tokenSecondFactorPending(ctx.db, claims)))
      return fail(c, 403, 'insufficient_aal', APP_ERRORS.insufficient_aal.message);
    return next();
  };
}

/** An accounts-service ApiError (GoTrue body {code, error_code, msg}) in our shape. */
export function failFromApiError(c: Context, err: ApiError) {
  const b = err.body as { error_code?: unknown; msg?: unknown; message?: unknown };
  const code = typeof b.error_code === 'string' ? b.error_code : 'request_failed';
  const message = typeof b.msg === 'string' ? b.msg : typeof b.message === 'string' ? b.message : err.message;
  const retry = err.status === 429 ? { 'Retry-After': '60' } : undefined;
  return fail(c, err.status, code, message, retry);
}

/**
 * The JSON body validated against `schema`, or { invalid: message } to answer as a 400. Read through the shared
 * http/body.ts helper: invalid UTF-8, NUL and unpaired surrogates are refused with a clear message.
 */
export async function readBody<T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T> | { invalid: string }> {
  const r = await parseJsonBody(c, schema);
  return r.ok ? r.data : { invalid: r.message };
}

export const requestIdentity = (c: Context, ctx: AppContext) => ({
  ip: clientIp(c, ctx.config),
  userAgent: c.req.header('user-agent')?.slice(0, 512),
});
