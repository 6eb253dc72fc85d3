import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { fromPgError, isPgError, restFailure, RestError } from './errors.js';
import { resolveCaller, type Caller } from './request-role.js';
import type { RestDeps } from './rest-deps.js';
import { handleRpc } from './rpc-handler.js';
import { createSchemaCacheHolder } from './schema-cache.js';
import { handleTable } from './table-handler.js';
import { createWriteGuard } from './write-limits.js';
import { checkQueryStringLength } from './query-limits.js';
import { rawQueryOf } from '../http/body.js';

/** /rest/v1: wire-compatible with PostgREST for what @supabase/postgrest-js sends (docs/decisions/0001). */
/**
 * Work another service does after a successful write to a route ('/table' or '/rpc/fn'), given by the composition
 * root (app.ts) so that /rest/v1 imports no other service: e.g. the waitlist's confirmation mail.
 */
export type AfterWrite = Record<string, (ctx: AppContext) => Promise<void>>;

/** A route's handler, given the caller resolved and the schema checked by restRoute. */
type RestHandler = (deps: RestDeps, c: Context, caller: Caller) => Promise<Response>;

/** /rest/v1/rpc/:fn */
function rpcRoute(deps: RestDeps, c: Context, caller: Caller) {
  return handleRpc(deps, c, caller, c.req.param('fn')!);
}

/** /rest/v1/:table */
function tableRoute(deps: RestDeps, c: Context, caller: Caller) {
  return handleTable(deps, c, caller, c.req.param('table')!);
}

/** The route key of afterWrite: '/rpc/fn' or '/table'. */
const routeOf = (c: Context) => (c.req.param('fn') !== undefined ? `/rpc/${c.req.param('fn')}` : `/${c.req.param('table')}`);

/** `coalesced`: routes ('/rpc/fn') whose POSTs may be committed together with concurrent ones (docs/decisions/0065). */
export function restRoutes(ctx: AppContext, afterWrite: AfterWrite = {}, coalesced: readonly string[] = []): Hono {
  const app = new Hono();
  // Every POST and PUT is checked against the declarative table of write limits (batch size, rows per IP and per user).
  const deps: RestDeps = { ctx, schema: createSchemaCacheHolder(ctx.db), guardWrite: createWriteGuard(ctx), coalesced: new Set(coalesced) };
  app.all('/rpc/:fn', (c) => restRoute(deps, afterWrite, c, rpcRoute));
  app.all('/:table', (c) => restRoute(deps, afterWrite, c, tableRoute));
  return app;
}

/**
 * What every /rest/v1 request goes through: query-string length, caller, schema (Accept-Profile / Content-Profile),
 * the handler, after-write work; a RestError or database error is answered in PostgREST's shape.
 */
async function restRoute(deps: RestDeps, afterWrite: AfterWrite, c: Context, handler: RestHandler): Promise<Response> {
  const { ctx } = deps;
  let role = 'anon';
  try {
    checkQueryStringLength(rawQueryOf(c));
    const caller = await resolveCaller(c, ctx.jwt);
    role = caller.role;
    // The schema of the request: Accept-Profile (GET/HEAD) or Content-Profile, one of REST_SCHEMAS (the first by default).
    const exposed = ctx.config.REST_SCHEMAS;
    const profile = c.req.header(c.req.method === 'GET' || c.req.method === 'HEAD' ? 'accept-profile' : 'content-profile');
    if (profile !== undefined && !exposed.includes(profile)) throw restFailure('schemaNotExposed', profile, exposed);
    const schema = profile ?? exposed[0];
    if (exposed.length > 1) c.header('Content-Profile', schema);
    c.set('profile' as never, schema as never);
    const res = await handler(deps, c, caller);
    const after = (c.req.method === 'POST' || c.req.method === 'PUT') && res.status < 300 ? afterWrite[routeOf(c)] : undefined;
    if (after) await after(ctx).catch((err: unknown) => ctx.log.error({ err, route: routeOf(c) }, 'rest: after-write work failed'));
    return res;
  } catch (err) {
    const e = err instanceof RestError ? err : isPgError(err) ? fromPgError(err, role) : undefined;
    if (!e) throw err; // app.onError logs it and answers a generic 500
    for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
    c.header('Proxy-Status', `PostgREST; error=${e.body.code}`);
    return c.json(e.body, e.status);
  }
}
