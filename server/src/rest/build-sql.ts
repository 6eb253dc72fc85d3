import type { ParsedQuery } from './ast.js';
import { bodyExpr, jsonBody, type BodyFormat } from './body-sql.js';
import { parseError, restFailure } from './errors.js';
import type { Relation, Routine, SchemaCache } from './schema-cache.js';
import { selectSql } from './select-sql.js';
import { arrayLiteral, ident, orderSql, Params, whereSql, type Scope } from './sql-fragments.js';

/**
 * AST -> one parameterised statement per request. Every statement returns one row with
 * total (count or null), page_total and body (JSON text built by PostgreSQL, so both drivers answer alike).
 */
export interface Statement {
  sql: string;
  params: string[];
}

export interface Page {
  offset: number;
  /** null = no limit requested (max rows still applies). */
  limit: number | null;
}

export function tableScope(cache: SchemaCache, rel: Relation, qual?: string): Scope {
  return {
    name: rel.name,
    qual: qual ?? `${ident(cache.schema)}.${ident(rel.name)}`,
    columns: rel.columns,
    table: rel.name,
    schema: cache.schema,
    computed: rel.computed,
  };
}

function limitSql(page: Page, maxRows: number, p: Params): string {
  const limit = Math.min(page.limit ?? maxRows, maxRows);
  return ` limit ${p.add(String(limit))}::bigint offset ${p.add(String(page.offset))}::bigint`;
}

export function buildRead(
  cache: SchemaCache,
  rel: Relation,
  q: ParsedQuery,
  page: Page,
  opts: {
    count: boolean;
    /** Prefer: count=planned / estimated (PostgREST's planner estimates); exact otherwise. */
    countMethod?: 'exact' | 'planned' | 'estimated';
    singular: boolean;
    maxRows: number;
    body?: BodyFormat;
  },
): Statement {
  const p = new Params();
  const scope = tableScope(cache, rel);
  const from = ` from ${scope.qual}`;
  const plan = selectSql(scope, q, p, cache);
  const where = andWhere(whereSql(scope, q.where, p), plan.inner);
  const total = !opts.count ? 'null::bigint' : countSql(cache, rel, q, p, from, where, opts.countMethod ?? 'exact', opts.maxRows);
  const sql =
    `with pgrst_source as (select ${plan.list}${from}${where}${plan.groupBy}${orderSql(scope, q.order, p, plan.related)}${limitSql(page, opts.maxRows, p)}) ` +
    `select ${total} as total, count(_t) as page_total, ${bodyExpr(opts.body ?? jsonBody(opts.singular))} as body ` +
    `from (select * from pgrst_source) _t`;
  return { sql, params: p.values };
}

/** Bound values of a query that rest_internal.plan_rows runs under EXPLAIN: its placeholders read the array $1. */
class ArrayParams extends Params {
  override add(v: string): string {
    this.values.push(v);
    return `$1[${this.values.length}]`;
  }
}

/**
 * The total of a read. exact: count(*). planned: the planner's row estimate of `select 1 from ... where ...`, as
 * PostgREST reads it (EXPLAIN), taken by rest_internal.plan_rows (migration 0510) inside this one statement, the
 * query text written here from schema-cache names and its values passed bound, as an array. estimated: the exact
 * count up to REST_MAX_ROWS, the larger of it and the estimate beyond (PostgREST counts at most max-rows + 1 rows).
 */
function countSql(
  cache: SchemaCache,
  rel: Relation,
  q: ParsedQuery,
  p: Params,
  from: string,
  where: string,
  method: 'exact' | 'planned' | 'estimated',
  maxRows: number,
): string {
  if (method === 'exact') return `(select count(*)${from}${where})`;
  const ap = new ArrayParams();
  const scope = tableScope(cache, rel);
  const inner = selectSql(scope, q, ap, cache).inner;
  const query = `select 1${from}${andWhere(whereSql(scope, q.where, ap), inner)}`;
  const planned = `rest_internal.plan_rows(${p.add(query)}::text, ${p.add(arrayLiteral(ap.values))}::text[])`;
  if (method === 'planned') return planned;
  const limit = p.add(String(maxRows));
  return (
    `(select case when _c.n > ${limit}::bigint then greatest(_c.n, ${planned}) else _c.n end ` +
    `from (select count(*) as n from (select 1${from}${where} limit ${limit}::bigint + 1) _l) _c)`
  );
}

/** Adds !inner embed conditions to a WHERE clause (which may be empty). */
function andWhere(where: string, extra: string[]): string {
  if (!extra.length) return where;
  return where ? `${where} and ${extra.join(' and ')}` : ` where ${extra.join(' and ')}`;
}

/** The select list over pgrst_source of a write, with its !inner conditions. */
function writeSelect(cache: SchemaCache, rel: Relation, q: ParsedQuery, p: Params): string {
  const plan = selectSql(tableScope(cache, rel, 'pgrst_source'), q, p, cache);
  return `${plan.list} from pgrst_source${andWhere('', plan.inner)}${plan.groupBy}`;
}

export type Row = Record<string, unknown>;

export interface WriteOptions {
  returnRepresentation: boolean;
  singular: boolean;
  count: boolean;
  body?: BodyFormat;
}

function outer(source: string, select: string, opts: WriteOptions, extra = ''): string {
  const body = opts.returnRepresentation ? bodyExpr(opts.body ?? jsonBody(opts.singular)) : `''`;
  return `with pgrst_source as (${source}) select ${opts.count ? 'count(_t)' : 'null::bigint'} as total, count(_t) as page_total, ${body} as body${extra} from (select ${select}) _t`;
}

/** Columns for json_to_recordset: name and catalogue type. Unknown keys are PGRST204. */
function recordDef(rel: Relation, columns: string[]): string {
  return columns
    .map((c) => {
      const col = rel.columns.get(c);
      if (!col) throw restFailure('columnNotFound', c, rel.name);
      return `${ident(c)} ${col.type}`;
    })
    .join(', ');
}

export function buildInsert(
  cache: SchemaCache,
  rel: Relation,
  q: ParsedQuery,
  rows: Row[],
  columns: string[],
  opts: WriteOptions & {
    resolution?: 'merge-duplicates' | 'ignore-duplicates';
    missingDefault: boolean;
    /** PUT: the URL's primary-key filters, applied to the body's rows (a row naming another key is not written). */
    bodyFilter?: ParsedQuery['where'];
  },
): Statement {
  const p = new Params();
  const table = `${ident(cache.schema)}.${ident(rel.name)}`;
  const returning = opts.returnRepresentation ? `${table}.*` : '1';
  const merge = opts.resolution === 'merge-duplicates';
  let insert: string;
  if (columns.length === 0) {
    if (rows.length > 1) throw restFailure('keysMismatch');
    insert =
      rows.length === 0 ? `select ${table}.* from ${table} where false` : `insert into ${table} default values returning ${returning}`;
  } else {
    const def = recordDef(rel, columns);
    let json = `${p.add(JSON.stringify(rows))}::json`;
    if (opts.missingDefault) {
      // Keys absent from an element take the column default (the default expressions come from the catalogue).
      const defaults = columns
        .filter((c) => rel.columns.get(c)!.defaultExpr)
        .map((c) => `${p.add(c)}::text, ${rel.columns.get(c)!.defaultExpr}`);
      if (defaults.length)
        json = `(select coalesce(json_agg(jsonb_build_object(${defaults.join(', ')}) || e), '[]') from jsonb_array_elements(${json}::jsonb) e)`;
    }
    const cols = columns.map(ident).join(', ');
    const bodyScope: Scope = { name: rel.name, qual: '_b', columns: rel.columns };
    const bodyWhere = opts.bodyFilter ? whereSql(bodyScope, opts.bodyFilter, p) : '';
    insert = `insert into ${table} (${cols}) select ${cols} from json_to_recordset(${json}) as _b(${def})${bodyWhere}`;
    if (opts.resolution) {
      const target = q.onConflict ?? rel.primaryKey;
      if (!target.length)
        throw parseError('failed to parse on_conflict', 'the table has no primary key; name the conflict columns with on_conflict');
      for (const c of target) if (!rel.columns.has(c)) throw restFailure('columnUndefined', rel.name, c);
      const updatable = columns.filter((c) => !target.includes(c));
      insert +=
        merge && updatable.length
          ? ` on conflict (${target.map(ident).join(', ')}) do update set ${updatable.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
          : merge
            ? ` on conflict (${target.map(ident).join(', ')}) do update set ${ident(target[0])} = excluded.${ident(target[0])}`
            : ` on conflict (${target.map(ident).join(', ')}) do nothing`;
    }
    // xmax = 0 marks freshly inserted tuples: merge-duplicates answers 201 only when something was inserted.
    insert += ` returning ${returning}${merge ? ', (xmax = 0) as pgrst_inserted' : ''}`;
  }
  const select = opts.returnRepresentation ? writeSelect(cache, rel, q, p) : '1 from pgrst_source';
  const extra = merge && columns.length ? ', (select count(*) from pgrst_source where pgrst_inserted) as inserted' : '';
  return { sql: outer(insert, select, opts, extra), params: p.values };
}

export function buildUpdate(cache: SchemaCache, rel: Relation, q: ParsedQuery, row: Row, columns: string[], opts: WriteOptions): Statement {
  const p = new Params();
  const scope = tableScope(cache, rel);
  const returning = opts.returnRepresentation ? `${scope.qual}.*` : '1';
  let update: string;
  if (columns.length === 0) {
    update = `select ${scope.qual}.* from ${scope.qual} where false`;
  } else {
    const def = recordDef(rel, columns);
    const json = p.add(JSON.stringify(row));
    const set = columns.map((c) => `${ident(c)} = _b.${ident(c)}`).join(', ');
    update = `update ${scope.qual} set ${set} from json_to_record(${json}::json) as _b(${def})${whereSql(scope, q.where, p)} returning ${returning}`;
  }
  const select = opts.returnRepresentation ? writeSelect(cache, rel, q, p) : '1 from pgrst_source';
  return { sql: outer(update, select, opts), params: p.values };
}

export function buildDelete(cache: SchemaCache, rel: Relation, q: ParsedQuery, opts: WriteOptions): Statement {
  const p = new Params();
  const scope = tableScope(cache, rel);
  const returning = opts.returnRepresentation ? `${scope.qual}.*` : '1';
  const del = `delete from ${scope.qual}${whereSql(scope, q.where, p)} returning ${returning}`;
  const select = opts.returnRepresentation ? writeSelect(cache, rel, q, p) : '1 from pgrst_source';
  return { sql: outer(del, select, opts), params: p.values };
}

/**
 * A function returning rows is called in a MATERIALIZED CTE (pgrst_call) that the statement always reads to the end,
 * so filters the planner can prove false, limit=0 or an empty page never skip the call: calling a function runs it
 * (or fails with its own error), whatever its volatility (issue 12 #11).
 */
const RAN = '(select count(*) from pgrst_call) as pgrst_ran';

/** Calls a function with named arguments taken from one JSON object (POST body or GET query values). */
export function buildRpc(
  cache: SchemaCache,
  fn: Routine,
  args: Row,
  q: ParsedQuery,
  page: Page,
  opts: { count: boolean; singular: boolean; maxRows: number; body?: BodyFormat },
): Statement {
  const p = new Params();
  const names = Object.keys(args);
  let from = '';
  let call: string;
  if (fn.args.length === 1 && fn.args[0].name === '') {
    // A single unnamed parameter is passed by position (a text one takes a string as it is, anything else as JSON text).
    const value = args[''];
    const text =
      typeof value === 'string' && fn.args[0].type !== 'json' && fn.args[0].type !== 'jsonb' ? value : JSON.stringify(value ?? null);
    call = `${ident(cache.schema)}.${ident(fn.name)}(${names.length ? `${p.add(text)}::${fn.args[0].type}` : ''})`;
  } else {
    const argDefs = names.map((n) => `${ident(n)} ${fn.args.find((a) => a.name === n)!.type}`).join(', ');
    if (names.length) from = ` from json_to_record(${p.add(JSON.stringify(args))}::json) as _a(${argDefs})`;
    call = `${ident(cache.schema)}.${ident(fn.name)}(${names.map((n) => `${ident(n)} := _a.${ident(n)}`).join(', ')})`;
  }
  // A void result is still referenced (cast to text, always ''), or the planner drops a stable call unrun (issue 12 #11).
  if (fn.returnKind === 'void')
    return { sql: `select null::bigint as total, 1 as page_total, coalesce((${call})::text, '') as body${from}`, params: p.values };
  if (fn.returnKind === 'scalar' && !fn.returnsSet) {
    if (q.where.length || q.order.length) throw parseError('failed to parse filter', 'filters and order need a function that returns rows');
    return {
      sql: `select ${opts.count ? '1::bigint' : 'null::bigint'} as total, 1 as page_total, coalesce(to_json(${call})::text, 'null') as body${from}`,
      params: p.values,
    };
  }
  const lateral = `${from ? `${from}, lateral` : ' from'} ${call}`;
  if (fn.returnKind === 'scalar') {
    if (q.where.length || q.order.length) throw parseError('failed to parse filter', 'filters and order need a function that returns rows');
    const sql =
      `with pgrst_call as materialized (select _r.pgrst_scalar${lateral} as _r(pgrst_scalar)), pgrst_all as (select pgrst_scalar from pgrst_call), ` +
      `pgrst_source as (select pgrst_scalar from pgrst_all${limitSql(page, opts.maxRows, p)}) ` +
      `select ${opts.count ? '(select count(*) from pgrst_all)' : 'null::bigint'} as total, count(*) as page_total, ${opts.singular ? `coalesce((json_agg(pgrst_scalar) -> 0)::text, 'null')` : `coalesce(json_agg(pgrst_scalar), '[]')::text`} as body, ${RAN} from pgrst_source`;
    return { sql, params: p.values };
  }
  const resultRel = fn.resultTable ? cache.relations.get(fn.resultTable) : undefined;
  const scope: Scope = resultRel
    ? { ...tableScope(cache, resultRel, '_r'), name: fn.name }
    : { name: fn.name, qual: '_r', columns: fn.resultColumns };
  const all = `pgrst_call as materialized (select _r.*${lateral} as _r), pgrst_all as (select _r.* from pgrst_call _r${whereSql(scope, q.where, p)})`;
  const inner: Scope = { ...scope, qual: '_r' };
  const plan = selectSql(inner, q, p, cache);
  const source = `pgrst_source as (select ${plan.list} from pgrst_all _r${andWhere('', plan.inner)}${plan.groupBy}${orderSql(inner, q.order, p, plan.related)}${fn.returnsSet ? limitSql(page, opts.maxRows, p) : ''})`;
  const singular = opts.singular || !fn.returnsSet;
  const sql =
    `with ${all}, ${source} select ${opts.count ? '(select count(*) from pgrst_all)' : 'null::bigint'} as total, count(_t) as page_total, ` +
    `${bodyExpr({ ...(opts.body ?? jsonBody(singular)), singular })} as body, ${RAN} from (select * from pgrst_source) _t`;
  return { sql, params: p.values };
}
