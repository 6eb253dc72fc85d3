import type { Context } from 'hono';
import { clientIp } from '../http/client-ip.js';
import { singularCheck, type Execution } from './answer-statement.js';
import type { ParsedQuery } from './ast.js';
import { buildDelete, buildInsert, buildUpdate, type Row, type WriteOptions } from './build-sql.js';
import { restFailure } from './errors.js';
import type { ResultRow } from './execute.js';
import type { Accepted } from './media-types.js';
import type { Preferences } from './preferences.js';
import { columnsOf, InsertBody, ObjectBody, readJson } from './request-body.js';
import type { Caller } from './request-role.js';
import type { RestDeps } from './rest-deps.js';
import { num, type Answer } from './respond.js';
import type { Relation, SchemaCache } from './schema-cache.js';

/** One request to /rest/v1/:table, its relation found. */
export interface TableRequest {
  deps: RestDeps;
  c: Context;
  caller: Caller;
  cache: SchemaCache;
  rel: Relation;
  name: string;
  path: string;
}

/** A write's query, preferences and media type (table-handler.ts writeInput). */
export interface WriteInput {
  q: ParsedQuery;
  prefs: Preferences;
  accepted: Accepted;
  opts: WriteOptions;
  type: string;
  applied: string | undefined;
}

/** Representation (200) or no content (204), as PATCH, DELETE and PUT answer. */
const changed = (w: WriteInput, row: ResultRow, headers: Answer['headers']): Answer => ({
  status: w.opts.returnRepresentation ? 200 : 204,
  body: w.opts.returnRepresentation ? row.body : null,
  headers,
  type: w.type,
});

const write = (w: WriteInput, stmt: Execution['stmt'], check: Execution['check'], answer: Execution['answer']): Execution => ({
  stmt,
  accepted: w.accepted,
  readOnly: false,
  check,
  rollback: w.prefs.tx === 'rollback',
  answer,
});

/** POST: insert (or upsert with Prefer: resolution=...) one object or an array of them. */
export async function insertRows({ deps, c, caller, cache, rel, path }: TableRequest, w: WriteInput): Promise<Execution> {
  const { q, prefs } = w;
  const parsed = InsertBody.safeParse(await readJson(c));
  if (!parsed.success) throw restFailure('invalidJson', 'The body must be a JSON object or an array of objects');
  const rows: Row[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  await deps.guardWrite(clientIp(c, deps.ctx.config), caller, path, rows.length);
  const columns = q.columns ?? columnsOf(rows);
  const stmt = buildInsert(cache, rel, q, rows, columns, {
    ...w.opts,
    resolution: prefs.resolution,
    missingDefault: prefs.missing === 'default',
  });
  return write(w, stmt, singularCheck(w.opts.singular), (row) => {
    // An upsert that inserted nothing (or had nothing to insert) is a 200, as PostgREST answers it.
    const merged = prefs.resolution === 'merge-duplicates' && (rows.length === 0 || num(row.inserted) === 0);
    return {
      status: merged ? 200 : 201,
      body: w.opts.returnRepresentation ? row.body : null,
      headers: { 'Content-Range': `*/${num(row.total) ?? '*'}`, 'Preference-Applied': w.applied },
      type: w.type,
    };
  });
}

/** PATCH: update the filtered rows with one object's values. */
export async function updateRows({ c, cache, rel }: TableRequest, w: WriteInput): Promise<Execution> {
  const parsed = ObjectBody.safeParse(await readJson(c));
  if (!parsed.success) throw restFailure('invalidJson', 'The body must be a JSON object');
  const patch = parsed.data;
  const stmt = buildUpdate(cache, rel, w.q, patch as Row, w.q.columns ?? Object.keys(patch), w.opts);
  return write(w, stmt, singularCheck(w.opts.singular, w.prefs), (row) => {
    const n = Number(row.page_total);
    const range = `${n > 0 ? `0-${n - 1}` : '*'}/${num(row.total) ?? '*'}`;
    return changed(w, row, { 'Content-Range': range, 'Preference-Applied': w.applied });
  });
}

/** DELETE: the filtered rows. */
export async function deleteRows({ cache, rel }: TableRequest, w: WriteInput): Promise<Execution> {
  const stmt = buildDelete(cache, rel, w.q, w.opts);
  return write(w, stmt, singularCheck(w.opts.singular, w.prefs), (row) =>
    changed(w, row, { 'Content-Range': `*/${num(row.total) ?? '*'}`, 'Preference-Applied': w.applied }),
  );
}

/**
 * PUT: single-row upsert by primary key (PostgREST's PUT): the filters are exactly the key, each with eq; the body's
 * row must carry the same key values (the filters are applied to it), or nothing is written (PGRST115).
 */
export async function upsertRow({ deps, c, caller, cache, rel, path }: TableRequest, w: WriteInput): Promise<Execution> {
  const { q } = w;
  if (q.limit !== undefined || q.offset !== undefined) throw restFailure('putLimitOffset');
  if (!isPrimaryKeyFilter(q, rel.primaryKey)) throw restFailure('putFiltersNotPrimaryKey');
  const parsed = InsertBody.safeParse(await readJson(c));
  if (!parsed.success) throw restFailure('invalidJson', 'The body must be a JSON object');
  const rows: Row[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  await deps.guardWrite(clientIp(c, deps.ctx.config), caller, path, rows.length);
  const columns = q.columns ?? columnsOf(rows);
  if (rows.length !== 1 || rel.primaryKey.some((k) => !columns.includes(k))) throw restFailure('putPayloadMismatch');
  const stmt = buildInsert(cache, rel, q, rows, columns, {
    ...w.opts,
    resolution: 'merge-duplicates',
    missingDefault: false,
    bodyFilter: q.where,
  });
  const check = (r: ResultRow) => {
    if (Number(r.page_total) !== 1) throw restFailure('putPayloadMismatch');
  };
  return write(w, stmt, check, (row) => changed(w, row, { 'Preference-Applied': w.applied }));
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
