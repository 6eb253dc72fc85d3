import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { apiRoutes } from './api/index.js';
import { sendWaitlistConfirmations } from './api/waitlist-confirmations.js';
import { authRoutes } from './auth/index.js';
import type { AppContext } from './context.js';
import { functionRoutes } from './functions/index.js';
import { calendarFeedRoutes } from './plan/routes.js';
import { connectionFunctionRoutes } from './connections/functions.js';
import { INBOUND_MAX_BYTES, inboundHookRoutes } from './connections/inbound.js';
import type { JobQueue } from './jobs/queue.js';
import { createErrorTracker } from './error-tracking.js';
import { devMailRoutes } from './mail/dev-outbox-page.js';
import { restRoutes } from './rest/index.js';
import { restBodyTooLarge } from './rest/errors.js';
import { clientErrorRoutes, reportUnexpectedErrors } from './http/error-reports.js';
import { ApiError } from './errors/api-error.js';
import { notFoundJson, prefixErrorResponse } from './errors/json.js';
import { inputGuard, refuseFor } from './http/input-guard.js';
import { LARGE_BODY_ROUTES } from './http/json-shape.js';
import { registerMetrics, requestMetrics } from './http/metrics.js';
import { rawPath, requestBodyLimit, responseCompression } from './http/hot-path.js';
import { CLIENT_CLOSED_REQUEST, clientClosedRequest, nodeResponse } from './http/node-io.js';
import { securityHeaders } from './http/security-headers.js';
import { registerStatic } from './http/static.js';
import { renderConfigOf } from './http/prerendered.js';

export type AppEnv = { Variables: { requestId: string } };

/** A path fit for the log: the secret token of a connection's inbound webhook or a calendar feed is left out. */
const secretFreePath = (p: string) => p.replace(/^\/(hooks|calendar)\/v1\/[^/?]+/, '/$1/v1/[token]');

const SERVICE_PREFIXES = ['/api', '/auth/v1', '/rest/v1', '/functions/v1'] as const;

export function createApp(ctx: AppContext, opts: { webDist?: string; jobs?: JobQueue } = {}) {
  const { config, log } = ctx;
  const app = new Hono<AppEnv>();
  const errorTracker = createErrorTracker(config, log);
  // Counted first, so the drain's 503s show in the metrics too (it touches no database).
  app.use('*', requestMetrics());
  // Then a draining server refuses new work before any other middleware touches the database.
  if (ctx.lifecycle) app.use('*', ctx.lifecycle.middleware());
  const logRequests = log.isLevelEnabled('info');
  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    // On Node the header goes on the outgoing response up front (see securityHeaders: no Headers object per request).
    const out = nodeResponse(c);
    out?.setHeader('X-Request-Id', requestId);
    await next();
    if (!out) c.res.headers.set('X-Request-Id', requestId);
    if (logRequests) {
      const ms = Math.round(performance.now() - started);
      // a service's own error handler may have answered an aborted upload 500: the log says what happened
      const status = clientClosedRequest(c) ? CLIENT_CLOSED_REQUEST : c.res.status;
      log.info({ requestId, method: c.req.method, path: secretFreePath(rawPath(c.req.url)), status, ms }, 'request');
    }
  });
  app.use('*', reportUnexpectedErrors(errorTracker));
  app.use('*', securityHeaders(config));
  app.use('*', responseCompression());
  for (const prefix of SERVICE_PREFIXES) {
    // /rest/v1 answers in PostgREST's shape, as every other error there does
    const tooLarge =
      prefix === '/rest/v1'
        ? (c: Context) => {
            const e = restBodyTooLarge();
            return c.json(e.body, e.status);
          }
        : (c: Context) => prefixErrorResponse(c, 'request_too_large');
    const limit = requestBodyLimit(config.BODY_LIMIT_BYTES, tooLarge);
    const large = Object.entries(LARGE_BODY_ROUTES).filter(([route]) => route.startsWith(`${prefix}/`));
    if (large.length === 0) app.use(`${prefix}/*`, limit);
    else {
      // a route that takes more (a CRM import, http/json-shape.ts) has its own limit, never below the operator's
      const own = new Map(large.map(([route, caps]) => [route, requestBodyLimit(Math.max(caps.bytes, config.BODY_LIMIT_BYTES), tooLarge)]));
      app.use(`${prefix}/*`, (c, next) => (own.get(rawPath(c.req.url)) ?? limit)(c, next));
    }
  }
  // NUL, invalid UTF-8 and unpaired surrogates in query strings and bodies: a 400, never a database 500 (/rest/v1 answers as PostgREST).
  for (const [prefix, refuse] of Object.entries(refuseFor(log))) app.use(`${prefix}/*`, inputGuard(refuse));

  app.route('/api/client-errors', clientErrorRoutes(ctx, errorTracker));
  app.route('/api', apiRoutes(ctx));
  app.route('/auth/v1', authRoutes(ctx));
  // a join through /rest/v1 sends the same confirmation as POST /api/waitlist (one sender, api/waitlist-confirmations.ts)
  const waitlistJoined = sendWaitlistConfirmations;
  // concurrent joins share one transaction and one WAL flush (group commit, docs/decisions/0065)
  app.route(
    '/rest/v1',
    restRoutes(ctx, { '/ebook_subscribers': waitlistJoined, '/rpc/join_waitlist': waitlistJoined }, ['/rpc/join_waitlist']),
  );
  if (opts.jobs) {
    // connections (issue 40): runs are queued on the job queue, so these routes exist only with one
    app.use(
      '/hooks/v1/*',
      requestBodyLimit(INBOUND_MAX_BYTES, (c) => prefixErrorResponse(c, 'request_too_large')),
    );
    app.route('/hooks/v1', inboundHookRoutes(ctx, opts.jobs));
    app.route('/functions/v1/connections', connectionFunctionRoutes(ctx, opts.jobs));
  }
  app.route('/functions/v1', functionRoutes(ctx));
  app.route('/calendar/v1', calendarFeedRoutes(ctx));
  if (config.NODE_ENV !== 'production') app.route('/_dev/mail', devMailRoutes(ctx));
  for (const prefix of [...SERVICE_PREFIXES, '/hooks/v1']) app.all(`${prefix}/*`, notFoundJson);
  registerMetrics(app, config);

  registerStatic(app, opts.webDist ? path.resolve(opts.webDist) : undefined, {
    siteUrl: config.SITE_URL,
    renderConfig: renderConfigOf(config),
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body, err.status);
    if (err instanceof HTTPException) return err.getResponse();
    // the client hung up mid-upload: nothing failed on our side, and no one is left to answer
    if (clientClosedRequest(c)) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    const requestId = c.get('requestId');
    log.error({ requestId, err }, 'unhandled error');
    return prefixErrorResponse(c, 'unexpected_failure', { extra: { requestId } });
  });
  return app;
}
