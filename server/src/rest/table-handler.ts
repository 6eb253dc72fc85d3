import type { Context } from 'hono';
import { answerStatement, singularCheck, type Execution } from './answer-statement.js';
import { restFailure } from './errors.js';
import { contentType, parseAccept } from './media-types.js';
import { parsePrefer, preferenceApplied } from './preferences.js';
import { parseQuery } from './parse-query.js';
import { readPlan } from './read-plan.js';
import { profileOf } from './request-scope.js';
import { isTrusted, type Caller } from './request-role.js';
import type { RestDeps } from './rest-deps.js';
import { pageAnswer } from './respond.js';
import type { Relation, SchemaCache } from './schema-cache.js';
import { deleteRows, insertRows, updateRows, upsertRow, type TableRequest, type WriteInput } from './table-writes.js';

/** /rest/v1/:table: each method builds its statement (table-writes.ts for writes); answerStatement runs it once. */
export async function handleTable(deps: RestDeps, c: Context, caller: Caller, name: string) {
  const { cache, rel } = await relationOr404(deps, name, profileOf(c));
  const t: TableRequest = { deps, c, caller, cache, rel, name, path: `/${name}` };
  const method = c.req.method;
  const ex = method === 'GET' || method === 'HEAD' ? readTable(t, method) : await writeExecution(t, method, writeInput(t));
  return answerStatement(deps, c, caller, t.path, ex);
}

async function writeExecution(t: TableRequest, method: string, w: WriteInput): Promise<Execution> {
  if (method === 'POST') return insertRows(t, w);
  if (method === 'PATCH') return updateRows(t, w);
  if (method === 'DELETE') return deleteRows(t, w);
  if (method === 'PUT') return upsertRow(t, w);
  throw restFailure('methodNotAllowed', method);
}

async function relationOr404(deps: RestDeps, name: string, schema: string): Promise<{ cache: SchemaCache; rel: Relation }> {
  let cache = await deps.schema.get(schema);
  if (!cache.relations.has(name)) cache = await deps.schema.refresh(5000, schema);
  const rel = cache.relations.get(name);
  if (!rel) throw restFailure('tableNotFound', cache.schema, name);
  return { cache, rel };
}

/** GET and HEAD: the remembered read plan (read-plan.ts), answered as a page. */
function readTable({ deps, c, caller, cache, rel, name }: TableRequest, method: string): Execution {
  const request = { url: c.req.url, prefer: c.req.header('prefer'), accept: c.req.header('accept'), range: c.req.header('range') };
  const plan = readPlan(deps.ctx.config, request, cache, rel, name, method, isTrusted(caller));
  return {
    stmt: plan.stmt,
    accepted: plan.accepted,
    readOnly: true,
    check: singularCheck(plan.accepted.singular),
    answer: (row) => pageAnswer(row, plan.offset, { 'Preference-Applied': plan.preferenceApplied }, plan.type),
  };
}

/** What every write reads from the URL and headers, before its body (in this order, so errors come in PostgREST's). */
function writeInput({ deps, c, caller, cache }: TableRequest): WriteInput {
  const { config } = deps.ctx;
  const q = parseQuery(new URL(c.req.url).searchParams, undefined, isTrusted(caller));
  q.aggregatesAllowed = config.REST_AGGREGATES_ENABLED;
  const prefs = parsePrefer(c.req.header('prefer'));
  const accepted = parseAccept(c.req.header('accept'), { planEnabled: config.REST_EXPLAIN_ENABLED });
  const opts = {
    returnRepresentation: prefs.return === 'representation',
    singular: accepted.singular,
    count: prefs.count !== undefined,
    body: { ...accepted, postgis: cache.postgis },
  };
  return { q, prefs, accepted, opts, type: contentType(accepted), applied: preferenceApplied(prefs, true) };
}
