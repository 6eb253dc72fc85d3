import type { Context, MiddlewareHandler } from 'hono';
import { type z } from 'zod';
import type { AppContext } from '../context.js';
import { parseJsonBody } from '../http/body.js';
import { clientIp } from '../http/client-ip.js';
import { tokenSecondFactorPending } from '../accounts/index.js';
import { functionsError, functionsErrorFromAuth } from '../errors/json.js';
import { bearerClaims } from '../security/live-admin.js';

/**
 * What every /functions/v1 handler answers: same-origin JSON the front end maps to the specification's
 * toasts. Success: { success: true, message }. Failure: { success: false, code, error } with an HTTP status.
 */
export const ok = (c: Context, message: string) => c.json({ success: true, message }, 200);
export const fail = functionsError;
/** An accounts-service error (GoTrue's body) in our shape. */
export const failFromAuth = functionsErrorFromAuth;

/**
 * Before any function a signed-in user calls: a session that has not passed the user's verified second factor
 * (aal1) is refused with 403 insufficient_aal (docs/security.md "Second factor (aal)"). Other callers (anon key,
 * service role, a bad or dead token) go on: each function answers them its own way.
 */
export function requireSecondFactorPassed(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const claims = await bearerClaims(ctx, c);
    if (typeof claims !== 'string' && claims.role === 'authenticated' && (await tokenSecondFactorPending(ctx.db, claims)))
      return fail(c, 'insufficient_aal');
    return next();
  };
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
