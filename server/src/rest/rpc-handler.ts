import type { Context } from 'hono';
import { clientIp } from '../http/client-ip.js';
import { answerStatement, singularCheck } from './answer-statement.js';
import type { ParsedQuery } from './ast.js';
import { buildRpc, type Row } from './build-sql.js';
import { restFailure } from './errors.js';
import { contentType, parseAccept } from './media-types.js';
import { pageOf, parsePrefer, parseRange, preferenceApplied } from './preferences.js';
import { parseQuery } from './parse-query.js';
import { ObjectBody, readJson } from './request-body.js';
import { profileOf } from './request-scope.js';
import { isTrusted, type Caller } from './request-role.js';
import type { RestDeps } from './rest-deps.js';
import { num, pageAnswer } from './respond.js';
import { resolveRoutine } from './rpc-resolve.js';

/** /rest/v1/rpc/:fn: GET/HEAD take the arguments from the query string, POST from a JSON object. */
export async function handleRpc(deps: RestDeps, c: Context, caller: Caller, name: string) {
  const { config } = deps.ctx;
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw restFailure('rpcMethodNotAllowed', method);
  const schema = profileOf(c);
  let cache = await deps.schema.get(schema);
  if (!cache.routines.has(name)) cache = await deps.schema.refresh(5000, schema);
  const candidates = cache.routines.get(name);
  const url = new URL(c.req.url);
  const argNames = new Set((candidates ?? []).flatMap((r) => r.args.map((a) => a.name)));
  const path = `/rpc/${name}`;
  let q: ParsedQuery;
  let args: Row;
  if (method === 'POST') {
    q = parseQuery(url.searchParams, undefined, isTrusted(caller));
    const parsed = ObjectBody.safeParse(await readJson(c, {}));
    if (!parsed.success) throw restFailure('invalidJson', 'The body must be a JSON object of named arguments');
    args = parsed.data;
    await deps.guardWrite(clientIp(c, deps.ctx.config), caller, path, 1);
  } else {
    q = parseQuery(url.searchParams, argNames, isTrusted(caller));
    args = q.rpcArgs;
  }
  q.aggregatesAllowed = config.REST_AGGREGATES_ENABLED;
  const { fn, args: resolvedArgs } = resolveRoutine(cache, name, args, method === 'POST');
  const prefs = parsePrefer(c.req.header('prefer'));
  const accepted = parseAccept(c.req.header('accept'), { planEnabled: config.REST_EXPLAIN_ENABLED });
  const type = contentType(accepted);
  const page = pageOf(q.limit, q.offset, method === 'GET' ? parseRange(c.req.header('range')) : null);
  const stmt = buildRpc(cache, fn, resolvedArgs, q, page, {
    count: prefs.count !== undefined,
    singular: accepted.singular,
    maxRows: config.REST_MAX_ROWS,
    body: { ...accepted, postgis: cache.postgis },
  });
  return answerStatement(deps, c, caller, path, {
    stmt,
    accepted,
    readOnly: method !== 'POST' || !fn.volatile,
    check: singularCheck(fn.returnsSet && accepted.singular, prefs),
    rollback: prefs.tx === 'rollback',
    coalesce: method === 'POST' && deps.coalesced.has(path) ? `rest${path}` : undefined,
    answer: (row) => {
      if (fn.returnKind === 'void') return { status: 204, body: null, headers: {} };
      if (!fn.returnsSet) return { status: 200, body: row.body, headers: { 'Content-Range': `0-0/${num(row.total) ?? '*'}` }, type };
      return pageAnswer(row, page.offset, { 'Preference-Applied': preferenceApplied(prefs, false) }, type);
    },
  });
}
