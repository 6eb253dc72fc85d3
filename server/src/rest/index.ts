import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { fromPgError, isPgError, restError, RestError } from './errors.js';
import { handleRpc, handleTable, type RestDeps } from './handler.js';
import { resolveCaller } from './request-role.js';
import { createSchemaCacheHolder } from './schema-cache.js';
import { createWriteGuard } from './write-limits.js';
import { checkQueryStringLength } from './query-limits.js';
import { rawQueryOf } from '../http/body.js';

/** /rest/v1: wire-compatible with PostgREST for what @supabase/postgrest-js sends (docs/decisions/0001). */
/**
 * Work another service does after a successful write to a route ('/table' or '/rpc/fn'), given by the composition
 * root (app.ts) so that /rest/v1 imports no other service: e.g. the waitlist's confirmation mail.
 */
export type AfterWrite = Record<string, (ctx: AppContext) => Promise<void>>;

/** `coalesced`: routes ('/rpc/fn') whose POSTs may be committed together with concurrent ones (docs/decisions/0065). */
export function restRoutes(ctx: AppContext, afterWrite: AfterWrite = {}, coalesced: readonly string[] = []): Hono {
  const app = new Hono();
  // Every POST and PUT is checked against the declarative table of write limits (batch size, rows per IP and per user).
  const deps: RestDeps = { ctx, schema: createSchemaCacheHolder(ctx.db), guardWrite: createWriteGuard(ctx), coalesced: new Set(coalesced) };
  const run = (route: (c: Context) => string, fn: (c: Context) => Promise<Response>) => async (c: Context) => {
    let role = 'anon';
    try {
      checkQueryStringLength(rawQueryOf(c));
      const caller = await resolveCaller(c, ctx.jwt);
      role = caller.role;
      // The schema of the request: Accept-Profile (GET/HEAD) or Content-Profile, one of REST_SCHEMAS (the first by default).
      const exposed = ctx.config.REST_SCHEMAS;
      const profile = c.req.header(c.req.method === 'GET' || c.req.method === 'HEAD' ? 'accept-profile' : 'content-profile');
      if (profile !== undefined && !exposed.includes(profile)) {
        throw restError(
          406,
          'PGRST106',
          `Invalid schema: ${profile.slice(0, 63)}`,
          null,
          `Only the following schemas are exposed: ${exposed.join(', ')}`,
        );
      }
      const schema = profile ?? exposed[0];
      if (exposed.length > 1) c.header('Content-Profile', schema);
      c.set('profile' as never, schema as never);
      c.set('caller' as never, caller as never);
      const res = await fn(c);
      const after = (c.req.method === 'POST' || c.req.method === 'PUT') && res.status < 300 ? afterWrite[route(c)] : undefined;
      if (after) await after(ctx).catch((err: unknown) => ctx.log.error({ err, route: route(c) }, 'rest: after-write work failed'));
      return res;
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
      (c) => `/rpc/${c.req.param('fn')}`,
      (c) => handleRpc(deps, c, caller(c), c.req.param('fn')!),
    ),
  );
  app.all(
    '/:table',
    run(
      (c) => `/${c.req.param('table')}`,
      (c) => handleTable(deps, c, caller(c), c.req.param('table')!),
    ),
  );
  return app;
}
