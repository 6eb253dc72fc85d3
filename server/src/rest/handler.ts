import type { Context } from 'hono';
import { z } from 'zod';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { AppContext } from '../context.js';
import { decodeUtf8, INVALID_UTF8_MESSAGE } from '../http/body.js';
import { jsonShapeProblem } from '../http/json-shape.js';
import { nodeResponse } from '../http/node-io.js';
import type { ParsedQuery } from './ast.js';
import { buildDelete, buildInsert, buildRpc, buildUpdate, type Row, type Statement } from './build-sql.js';
import { restError, RestError } from './errors.js';
import { profileOf, runAsCaller, type ResultRow } from './execute.js';
import { explained, planBody } from './explain.js';
import { contentType, parseAccept, type Accepted } from './media-types.js';
import { pageOf, parsePrefer, parseRange, preferenceApplied, type Preferences } from './preferences.js';
import { parseQuery } from './parse-query.js';
import { readPlan } from './read-plan.js';
import { resolveRoutine } from './rpc-resolve.js';
import { isTrusted, type Caller } from './request-role.js';
import type { Relation, SchemaCache, SchemaCacheHolder } from './schema-cache.js';
import type { WriteGuard } from './write-limits.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export interface RestDeps {
  ctx: AppContext;
  schema: SchemaCacheHolder;
  /** Batch size and row-counting rate limits of POSTs and PUTs (write-limits.ts); throws 413/429. */
  guardWrite: WriteGuard;
  /** Routes ('/rpc/fn') whose POSTs may share a transaction with concurrent ones (group commit, docs/decisions/0065). */
  coalesced: ReadonlySet<string>;
}

function singularCheck(singular: boolean, prefs?: Preferences) {
  const strict = prefs?.handling === 'strict' && prefs.maxAffected !== undefined;
  // Nothing to check: the executor may then send a write's COMMIT with the statement (one round trip, issue 16).
  if (!singular && !strict) return undefined;
  return (row: ResultRow) => {
    const n = Number(row.page_total);
    if (singular && n !== 1)
      throw restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
    // handling=strict with max-affected: more rows than allowed fails (and so rolls back) the whole request.
    if (strict && n > prefs.maxAffected!) {
      throw restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
    }
  };
}

async function relationOr404(deps: RestDeps, name: string, schema: string): Promise<{ cache: SchemaCache; rel: Relation }> {
  let cache = await deps.schema.get(schema);
  if (!cache.relations.has(name)) cache = await deps.schema.refresh(5000, schema);
  const rel = cache.relations.get(name);
  if (!rel) throw restError(404, 'PGRST205', `Could not find the table '${cache.schema}.${name}' in the schema cache`);
  return { cache, rel };
}

// Request bodies: one object of column (or argument) values, or an array of them for bulk inserts.
const ObjectBody = z.record(z.string(), z.unknown());
const InsertBody = z.union([ObjectBody, z.array(ObjectBody)]);

/** Parses a JSON request body (PGRST102 when not JSON). */
async function readJson(c: Context, emptyAs?: unknown): Promise<unknown> {
  const type = c.req.header('content-type')?.split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/json') throw restError(400, 'PGRST102', `Content-Type not acceptable: ${type.slice(0, 100)}`);
  // Bad bytes are refused, not turned into U+FFFD and stored (issue 12 #9); NUL and lone surrogates are refused by
  // PostgreSQL itself (22P05 / 22P02, a 400 as PostgREST answers them).
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (text === null) throw restError(400, 'PGRST102', 'Empty or invalid json', INVALID_UTF8_MESSAGE);
  if (text.trim() === '' && emptyAs !== undefined) return emptyAs;
  const shape = jsonShapeProblem(text);
  if (shape) throw restError(400, 'PGRST102', 'Empty or invalid json', shape);
  try {
    return JSON.parse(text);
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function respond(c: Context, status: StatusCode, body: string | null, headers: Record<string, string | undefined>, type = JSON_TYPE) {
  // On Node the answer's own headers go onto the outgoing response (merged at writeHead, as the security headers
  // are) and the Response keeps one plain header: hono's c.header() builds an undici Headers per response, and
  // more than one header in c.body() does too (issue 16, ADR 0076). Outside Node (app.request()): c.header().
  const out = nodeResponse(c);
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    if (out) out.setHeader(k, v);
    else c.header(k, v);
  }
  if (body === null || c.req.method === 'HEAD') return c.body(null, status);
  if (out) return c.body(body, status as ContentfulStatusCode, { 'Content-Type': type });
  c.header('Content-Type', type);
  return c.body(body, status as ContentfulStatusCode);
}

/** Content-Range and status of a page of a read (reference §2.8). */
function pageResponse(
  c: Context,
  row: ResultRow,
  offset: number,
  headers: Record<string, string | undefined>,
  type = JSON_TYPE,
  rowsBody = true,
) {
  const n = Number(row.page_total);
  const total = num(row.total);
  if (total !== null && offset > total && !(offset === 0 && total === 0)) {
    c.header('Content-Range', `*/${total}`);
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const range = n > 0 ? `${offset}-${offset + n - 1}` : '*';
  const status = total !== null && n < total && rowsBody ? 206 : 200;
  return respond(c, status, row.body, { ...headers, 'Content-Range': `${range}/${total ?? '*'}` }, type);
}

/** Accept: vnd.pgrst.plan: runs EXPLAIN of the statement (rolled back when ANALYZE ran a write) and answers the plan. */
async function answerPlan(
  deps: RestDeps,
  c: Context,
  caller: Caller,
  stmt: Statement,
  accepted: Accepted,
  opts: { readOnly: boolean; path: string },
) {
  const plan = accepted.plan!;
  let rows: ResultRow[] = [];
  await runAsCaller(deps.ctx, c, caller, explained(stmt, plan), {
    ...opts,
    check: (_row, all) => void (rows = all),
    rollback: !opts.readOnly,
    queryId: plan.options.includes('verbose'),
  });
  return respond(c, 200, planBody(rows as unknown as Record<string, unknown>[], plan.format), {}, contentType(accepted));
}

export async function handleTable(deps: RestDeps, c: Context, caller: Caller, name: string) {
  const { ctx } = deps;
  const { cache, rel } = await relationOr404(deps, name, profileOf(c));
  const method = c.req.method;
  const path = `/${name}`;
  if (method === 'GET' || method === 'HEAD') {
    const plan = readPlan(ctx.config, c, cache, rel, name, method, isTrusted(caller));
    if (plan.accepted.plan) return answerPlan(deps, c, caller, plan.stmt, plan.accepted, { readOnly: true, path });
    const row = await runAsCaller(ctx, c, caller, plan.stmt, { readOnly: true, path, check: singularCheck(plan.accepted.singular) });
    return pageResponse(c, row, plan.offset, { 'Preference-Applied': plan.preferenceApplied }, plan.type);
  }
  const url = new URL(c.req.url);
  const q = parseQuery(url.searchParams, undefined, isTrusted(caller));
  q.aggregatesAllowed = ctx.config.REST_AGGREGATES_ENABLED;
  const prefs = parsePrefer(c.req.header('prefer'));
  const accepted = parseAccept(c.req.header('accept'), { planEnabled: ctx.config.REST_EXPLAIN_ENABLED });
  const { singular } = accepted;
  const body = { ...accepted, postgis: cache.postgis };
  const type = contentType(accepted);
  const count = prefs.count !== undefined;

  const opts = { returnRepresentation: prefs.return === 'representation', singular, count, body };
  const applied = preferenceApplied(prefs, true);
  let stmt: Statement;
  if (method === 'POST') {
    const parsed = InsertBody.safeParse(await readJson(c));
    if (!parsed.success) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects');
    const rows: Row[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    await deps.guardWrite(c, caller, path, rows.length);
    const columns = q.columns ?? columnsOf(rows);
    stmt = buildInsert(cache, rel, q, rows, columns, {
      ...opts,
      resolution: prefs.resolution,
      missingDefault: prefs.missing === 'default',
    });
    if (accepted.plan) return answerPlan(deps, c, caller, stmt, accepted, { readOnly: false, path });
    const row = await runAsCaller(ctx, c, caller, stmt, {
      readOnly: false,
      path,
      check: singularCheck(singular),
      rollback: prefs.tx === 'rollback',
    });
    const inserted = num(row.inserted);
    const status =
      prefs.resolution === 'merge-duplicates' && rows.length > 0 && inserted === 0
        ? 200
        : rows.length === 0 && prefs.resolution === 'merge-duplicates'
          ? 200
          : 201;
    return respond(
      c,
      status,
      opts.returnRepresentation ? row.body : null,
      { 'Content-Range': `*/${num(row.total) ?? '*'}`, 'Preference-Applied': applied },
      type,
    );
  }
  if (method === 'PATCH') {
    const parsed = ObjectBody.safeParse(await readJson(c));
    if (!parsed.success) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object');
    const patch = parsed.data;
    const columns = q.columns ?? Object.keys(patch);
    stmt = buildUpdate(cache, rel, q, patch as Row, columns, opts);
    if (accepted.plan) return answerPlan(deps, c, caller, stmt, accepted, { readOnly: false, path });
    const row = await runAsCaller(ctx, c, caller, stmt, {
      readOnly: false,
      path,
      check: singularCheck(singular, prefs),
      rollback: prefs.tx === 'rollback',
    });
    const n = Number(row.page_total);
    const range = `${n > 0 ? `0-${n - 1}` : '*'}/${num(row.total) ?? '*'}`;
    return respond(
      c,
      opts.returnRepresentation ? 200 : 204,
      opts.returnRepresentation ? row.body : null,
      { 'Content-Range': range, 'Preference-Applied': applied },
      type,
    );
  }
  if (method === 'DELETE') {
    stmt = buildDelete(cache, rel, q, opts);
    if (accepted.plan) return answerPlan(deps, c, caller, stmt, accepted, { readOnly: false, path });
    const row = await runAsCaller(ctx, c, caller, stmt, {
      readOnly: false,
      path,
      check: singularCheck(singular, prefs),
      rollback: prefs.tx === 'rollback',
    });
    return respond(
      c,
      opts.returnRepresentation ? 200 : 204,
      opts.returnRepresentation ? row.body : null,
      { 'Content-Range': `*/${num(row.total) ?? '*'}`, 'Preference-Applied': applied },
      type,
    );
  }
  if (method === 'PUT') {
    // Single-row upsert by primary key (PostgREST's PUT): the filters are exactly the key, each with eq; the body's
    // row must carry the same key values (the filters are applied to it), or nothing is written (PGRST115).
    if (q.limit !== undefined || q.offset !== undefined)
      throw restError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
    if (!isPrimaryKeyFilter(q, rel.primaryKey))
      throw restError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
    const parsed = InsertBody.safeParse(await readJson(c));
    if (!parsed.success) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object');
    const rows: Row[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    await deps.guardWrite(c, caller, path, rows.length);
    const columns = q.columns ?? columnsOf(rows);
    const putMismatch = () => restError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
    if (rows.length !== 1 || rel.primaryKey.some((k) => !columns.includes(k))) throw putMismatch();
    stmt = buildInsert(cache, rel, q, rows, columns, {
      ...opts,
      resolution: 'merge-duplicates',
      missingDefault: false,
      bodyFilter: q.where,
    });
    if (accepted.plan) return answerPlan(deps, c, caller, stmt, accepted, { readOnly: false, path });
    const row = await runAsCaller(ctx, c, caller, stmt, {
      readOnly: false,
      path,
      check: (r) => {
        if (Number(r.page_total) !== 1) throw putMismatch();
      },
      rollback: prefs.tx === 'rollback',
    });
    return respond(
      c,
      opts.returnRepresentation ? 200 : 204,
      opts.returnRepresentation ? row.body : null,
      { 'Preference-Applied': applied },
      type,
    );
  }
  throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method.slice(0, 20)}`);
}

/** PUT's filters: every primary-key column, each with a plain eq (no negation, quantifier, JSON path or or=/and=). */
function isPrimaryKeyFilter(q: ParsedQuery, primaryKey: string[]): boolean {
  if (!primaryKey.length) return false;
  const named = new Set<string>();
  for (const c of q.where) {
    if (c.kind !== 'filter' || c.op !== 'eq' || c.negate || c.quantifier || c.field.path.length) return false;
    named.add(c.field.column);
  }
  return named.size === primaryKey.length && primaryKey.every((k) => named.has(k));
}

/** Keys of the rows; in a bulk insert without columns= every object must have the same keys. */
function columnsOf(rows: Row[]): string[] {
  if (!rows.length) return [];
  const first = Object.keys(rows[0]);
  const key = [...first].sort().join('\u0000');
  if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== key)) throw restError(400, 'PGRST102', 'All object keys must match');
  return first;
}

export async function handleRpc(deps: RestDeps, c: Context, caller: Caller, name: string) {
  const { ctx } = deps;
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
    throw restError(405, 'PGRST101', `Cannot use the ${method.slice(0, 20)} method on RPC`);
  const schema = profileOf(c);
  let cache = await deps.schema.get(schema);
  if (!cache.routines.has(name)) cache = await deps.schema.refresh(5000, schema);
  const candidates = cache.routines.get(name);
  const url = new URL(c.req.url);
  const argNames = new Set((candidates ?? []).flatMap((r) => r.args.map((a) => a.name)));
  let q: ParsedQuery;
  let args: Row;
  if (method === 'POST') {
    q = parseQuery(url.searchParams, undefined, isTrusted(caller));
    const parsed = ObjectBody.safeParse(await readJson(c, {}));
    if (!parsed.success) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object of named arguments');
    args = parsed.data;
    await deps.guardWrite(c, caller, `/rpc/${name}`, 1);
  } else {
    q = parseQuery(url.searchParams, argNames, isTrusted(caller));
    args = q.rpcArgs;
  }
  q.aggregatesAllowed = ctx.config.REST_AGGREGATES_ENABLED;
  const resolved = resolveRoutine(cache, name, args, method === 'POST');
  const fn = resolved.fn;
  args = resolved.args;
  const prefs = parsePrefer(c.req.header('prefer'));
  const accepted = parseAccept(c.req.header('accept'), { planEnabled: ctx.config.REST_EXPLAIN_ENABLED });
  const { singular } = accepted;
  const type = contentType(accepted);
  const page = pageOf(q.limit, q.offset, method === 'GET' ? parseRange(c.req.header('range')) : null);
  const stmt = buildRpc(cache, fn, args, q, page, {
    count: prefs.count !== undefined,
    singular,
    maxRows: ctx.config.REST_MAX_ROWS,
    body: { ...accepted, postgis: cache.postgis },
  });
  const readOnly = method !== 'POST' || !fn.volatile;
  if (accepted.plan) return answerPlan(deps, c, caller, stmt, accepted, { readOnly, path: `/rpc/${name}` });
  const row = await runAsCaller(ctx, c, caller, stmt, {
    readOnly,
    path: `/rpc/${name}`,
    check: singularCheck(fn.returnsSet && singular, prefs),
    rollback: prefs.tx === 'rollback',
    coalesce: method === 'POST' && deps.coalesced.has(`/rpc/${name}`) ? `rest/rpc/${name}` : undefined,
  });
  if (fn.returnKind === 'void') return respond(c, 204, null, {});
  if (!fn.returnsSet) return respond(c, 200, row.body, { 'Content-Range': `0-0/${num(row.total) ?? '*'}` }, type);
  return pageResponse(c, row, page.offset, { 'Preference-Applied': preferenceApplied(prefs, false) }, type);
}

export { RestError };
