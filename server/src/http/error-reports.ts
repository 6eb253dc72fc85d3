import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { scrub, type ErrorTracker } from '../error-tracking.js';
import { parseJsonBody } from './body.js';
import { bindTo } from './bind.js';
import { clientIp } from './client-ip.js';
import { ApiError } from '../errors/api-error.js';
import { appErrorResponse, appRateLimited, notFoundJson } from '../errors/json.js';
import { clientClosedRequest } from './node-io.js';
import { createRateLimiter, rateLimit } from './rate-limit.js';

/**
 * Reports every unexpected error (a 5xx from a thrown error that is not a deliberate ApiError, nor a client that hung
 * up mid-upload), whichever service's error handler answered it: Hono leaves the caught error on c.error for the middleware above.
 */
export function reportUnexpectedErrors(tracker: ErrorTracker | undefined): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const err: unknown = c.error;
    if (!tracker || !err || c.res.status < 500 || err instanceof ApiError || err instanceof HTTPException) return;
    if (clientClosedRequest(c)) return; // an aborted upload, whichever service answered it (issue 38 #9)
    const e = err instanceof Error ? err : new Error(String(err));
    const tags: Record<string, string> = { method: c.req.method, route: routePath(c) };
    const requestId = c.get('requestId' as never) as string | undefined;
    if (requestId) tags.requestId = requestId;
    tracker.capture({ type: e.name, message: e.message, stack: e.stack, source: 'server', tags });
  };
}

/** Reports per client IP per window: enough for a page that keeps failing, not enough to relay a flood. */
export const CLIENT_ERROR_LIMIT = { points: 20, durationSeconds: 300 } as const;

const report = z.object({
  type: z.string().max(100).default('Error'),
  message: z.string().min(1).max(2000),
  stack: z.string().max(10_000).optional(),
  /** The page's path only; the browser sends no query string or hash. */
  path: z.string().max(300).optional(),
});

/** Scrubs one browser error report and hands it to the error tracker: 202, nothing to read back. */
async function relayClientError(c: Context, tracker: ErrorTracker) {
  const parsed = await parseJsonBody(c, report);
  if (!parsed.ok) return appErrorResponse(c, 'invalid_body', parsed.message);
  const { type, message, stack, path } = parsed.data;
  // ids in paths (/admin/users/<uuid>) are scrubbed like the message; the path stays a coarse page name
  tracker.capture({ type, message, stack, source: 'browser', tags: path ? { page: scrub(path.split(/[?#]/)[0]!, 200) } : {} });
  return c.body(null, 202);
}

/**
 * POST /api/client-errors: the browser's uncaught errors, relayed to the error tracker (SENTRY_DSN) after the
 * same scrubbing as server errors. Same-origin, so the page needs no CSP exception and never sees the DSN.
 * Without SENTRY_DSN the endpoint does not exist (the browser is told not to report).
 */
export function clientErrorRoutes(ctx: AppContext, tracker: ErrorTracker | undefined): Hono {
  const app = new Hono();
  if (!tracker) {
    app.post('/', notFoundJson);
    return app;
  }
  const limiter = createRateLimiter(ctx, { keyPrefix: 'client-errors-ip', ...CLIENT_ERROR_LIMIT });
  app.post(
    '/',
    rateLimit(limiter, (c) => clientIp(c, ctx.config), appRateLimited),
    bindTo(tracker)(relayClientError),
  );
  return app;
}
