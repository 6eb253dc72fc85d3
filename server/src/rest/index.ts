import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { createRateLimiter } from '../http/rate-limit.js';
import { clientIp } from '../http/client-ip.js';
import { fromPgError, isPgError, restError, RestError } from './errors.js';
import { handleRpc, handleTable, type RestDeps } from './handler.js';
import { resolveCaller } from './request-role.js';
import { createSchemaCacheHolder, EXPOSED_SCHEMA } from './schema-cache.js';

/** /rest/v1: wire-compatible with PostgREST for what @supabase/postgrest-js sends (docs/decisions/0001). */
export function restRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const deps: RestDeps = { ctx, schema: createSchemaCacheHolder(ctx.db) };
  // Public forms that write for anyone: limited per client IP (the browser cannot choose its IP).
  const limits: Record<string, ReturnType<typeof createRateLimiter>> = {
    'POST /rpc/join_waitlist': createRateLimiter(ctx, { keyPrefix: 'rest-waitlist-ip', points: 20, durationSeconds: 3600 }),
    'POST /ebook_subscribers': createRateLimiter(ctx, { keyPrefix: 'rest-waitlist-ip', points: 20, durationSeconds: 3600 }),
    'POST /contact_messages': createRateLimiter(ctx, { keyPrefix: 'rest-contact-ip', points: 10, durationSeconds: 3600 }),
  };
  // Browser telemetry batches (every 5 s per tab): generous, but a flood from one address is cut off.
  const telemetry = createRateLimiter(ctx, { keyPrefix: 'rest-telemetry-ip', points: 300, durationSeconds: 300 });
  limits['POST /analytics_events'] = telemetry;
  limits['POST /security_audit_log'] = telemetry;

  const run = (fn: (c: Context) => Promise<Response>, key: (c: Context) => string) => async (c: Context) => {
    let role = 'anon';
    try {
      const caller = await resolveCaller(c, ctx.jwt);
      role = caller.role;
      const limiter = caller.role === 'service_role' ? undefined : limits[`${c.req.method} ${key(c)}`];
      if (limiter) {
        const r = await limiter.consume(clientIp(c, ctx.config.TRUST_PROXY));
        if (!r.allowed) {
          c.header('Retry-After', String(r.retryAfterSeconds));
          return c.json({ code: 'over_request_rate_limit', message: 'Too many requests. Please try again later.', details: null, hint: null }, 429);
        }
      }
      // Only `public` is exposed (supabase-js sends Accept-Profile/Content-Profile: public by default).
      const profile = c.req.header(c.req.method === 'GET' || c.req.method === 'HEAD' ? 'accept-profile' : 'content-profile');
      if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
        throw restError(406, 'PGRST106', `Invalid schema: ${profile.slice(0, 63)}`, null, `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`);
      }
      c.set('caller' as never, caller as never);
      return await fn(c);
    } catch (err) {
      const e = err instanceof RestError ? err : isPgError(err) ? fromPgError(err, role) : undefined;
      if (!e) throw err; // app.onError logs it and answers a generic 500
      for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
      c.header('Proxy-Status', `PostgREST; error=${e.body.code}`);
      return c.json(e.body, e.status);
    }
  };
  const caller = (c: Context) => c.get('caller' as never);

  app.all(
    '/rpc/:fn',
    run(
      (c) => handleRpc(deps, c, caller(c), c.req.param('fn')!),
      (c) => `/rpc/${c.req.param('fn')}`,
    ),
  );
  app.all(
    '/:table',
    run(
      (c) => handleTable(deps, c, caller(c), c.req.param('table')!),
      (c) => `/${c.req.param('table')}`,
    ),
  );
  return app;
}
