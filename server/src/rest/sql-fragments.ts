import type { Condition, Field, Filter, OrderTerm, SelectItem } from './ast.js';
import { OPERATORS } from './ast.js';
import { restError } from './errors.js';
import type { Column, SchemaCache } from './schema-cache.js';

/** Identifiers are always double-quoted ("" doubled, NUL removed), and only after a schema-cache check. */
export const ident = (s: string) => `"${s.replace(/\0/g, '').replace(/"/g, '""')}"`;

/** Collects bound values; every value from a request goes through here as text, cast in SQL to a catalogue type. */
export class Params {
  readonly values: string[] = [];
  add(v: string): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Where a column list comes from: a table/view of the exposed schema, or a function's result. */
export interface Scope {
  /** Name used in error messages. */
  name: string;
  /** SQL qualifier for its columns, e.g. "public"."t" or _r. */
  qual: string;
  columns: Map<string, Column>;
  /** Table name in the schema cache when the scope is a table (for embedding). */
  table?: string;
}

export function column(scope: Scope, name: string): Column {
  const col = scope.columns.get(name);
  if (!col) throw restError(400, '42703', `column ${scope.name}.${name} does not exist`);
  return col;
}

/** Column with its JSON path; returns SQL and the SQL type of the result (for casting bound values). */
export function fieldSql(scope: Scope, f: Field, p: Params): { sql: string; type: string } {
  const col = column(scope, f.column);
  let sql = `${scope.qual}.${ident(col.name)}`;
  let type = col.type;
  if (f.path.length) {
    if (col.type !== 'json' && col.type !== 'jsonb') sql = `to_jsonb(${sql})`;
    for (const step of f.path) {
      sql += ` ${step.arrow} ${typeof step.key === 'number' ? `${p.add(String(step.key))}::int` : `${p.add(step.key)}::text`}`;
    }
    type = f.path[f.path.length - 1].arrow === '->>' ? 'text' : col.type === 'json' ? 'json' : 'jsonb';
  }
  return { sql, type };
}

/** PostgreSQL array literal from a list of strings: every element quoted and escaped. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function filterSql(scope: Scope, f: Filter, p: Params): string {
  const { sql: lhs, type } = fieldSql(scope, f.field, p);
  const value = f.value;
  const scalar = () => value as string;
  let expr: string;
  switch (f.op) {
    case 'is':
      expr = `${lhs} is ${({ null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' } as const)[scalar() as 'null']}`;
      break;
    case 'in':
      expr = `${lhs} = any(${p.add(arrayLiteral(value as string[]))}::text::${type}[])`;
      break;
    case 'like':
    case 'ilike':
    case 'match':
    case 'imatch': {
      const v = f.op === 'like' || f.op === 'ilike' ? scalar().replace(/\*/g, '%') : scalar();
      expr = f.quantifier ? `${lhs} ${OPERATORS[f.op]} ${f.quantifier}(${p.add(v)}::text::text[])` : `${lhs} ${OPERATORS[f.op]} ${p.add(v)}::text`;
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[f.op];
      const cfg = f.ftsConfig ? `${p.add(f.ftsConfig)}::text::regconfig, ` : '';
      const doc = type === 'tsvector' ? lhs : `to_tsvector(${cfg}${lhs}::text)`;
      expr = `${doc} @@ ${fn}(${cfg}${p.add(scalar())}::text)`;
      break;
    }
    default:
      expr = f.quantifier
        ? `${lhs} ${OPERATORS[f.op]} ${f.quantifier}(${p.add(scalar())}::text::${type}[])`
        : `${lhs} ${OPERATORS[f.op]} ${p.add(scalar())}::text::${type}`;
  }
  return f.negate ? `not (${expr})` : expr;
}

export function conditionSql(scope: Scope, c: Condition, p: Params): string {
  if (c.kind === 'filter') return filterSql(scope, c, p);
  const inner = c.children.map((ch) => conditionSql(scope, ch, p)).join(` ${c.op} `);
  return c.negate ? `not (${inner})` : `(${inner})`;
}

export function whereSql(scope: Scope, where: Condition[], p: Params): string {
  return where.length ? ` where ${where.map((c) => conditionSql(scope, c, p)).join(' and ')}` : '';
}

export function orderSql(scope: Scope, order: OrderTerm[], p: Params): string {
  if (!order.length) return '';
  const terms = order.map((o) => {
    let s = fieldSql(scope, o.field, p).sql;
    if (o.direction) s += ` ${o.direction}`;
    if (o.nulls) s += o.nulls === 'nullsfirst' ? ' nulls first' : ' nulls last';
    return s;
  });
  return ` order by ${terms.join(', ')}`;
}

function outputKey(f: Field): string {
  const keys = f.path.filter((s) => typeof s.key === 'string');
  return keys.length ? String(keys[keys.length - 1].key) : f.column;
}

/** The select list; `*` expands to the scope's columns so no hidden helper column leaks out. */
export function selectSql(scope: Scope, items: SelectItem[], p: Params, cache: SchemaCache): string {
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      for (const col of scope.columns.values()) parts.push(`${scope.qual}.${ident(col.name)}`);
    } else if (item.kind === 'column') {
      const { sql } = fieldSql(scope, item.field, p);
      parts.push(`${sql}${item.cast ? `::${item.cast}` : ''} as ${ident(item.alias ?? outputKey(item.field))}`);
    } else {
      parts.push(embedSql(scope, item, p, cache));
    }
  }
  if (!parts.length) throw restError(400, 'PGRST100', 'failed to parse select parameter', 'empty select list');
  return parts.join(', ');
}

/** One level of embedding through a foreign key, as a correlated subquery (RLS applies inside it). */
function embedSql(scope: Scope, item: Extract<SelectItem, { kind: 'embed' }>, p: Params, cache: SchemaCache): string {
  const noRelation = () => restError(400, 'PGRST200', `Could not find a relationship between '${scope.name}' and '${item.relation}' in the schema cache`);
  const self = scope.table ? cache.relations.get(scope.table) : undefined;
  const target = cache.relations.get(item.relation);
  if (!self || !target) throw noRelation();
  const e: Scope = { name: target.name, qual: 'pgrst_e', columns: target.columns, table: target.name };
  const matches = (fk: { name: string; columns: string[] }) => !item.hint || fk.name === item.hint || fk.columns.includes(item.hint);
  const toOne = self.foreignKeys.filter((fk) => fk.refTable === target.name && matches(fk));
  const toMany = target.foreignKeys.filter((fk) => fk.refTable === self.name && matches(fk));
  if (toOne.length + toMany.length === 0) throw noRelation();
  if (toOne.length + toMany.length > 1) {
    throw restError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${scope.name}' and '${item.relation}'`);
  }
  const inner = selectSql(e, item.select, p, cache);
  const from = `from ${ident(cache.schema)}.${ident(target.name)} as pgrst_e`;
  const key = ident(item.alias ?? item.relation);
  if (toOne.length) {
    const fk = toOne[0];
    const on = fk.columns.map((c, i) => `pgrst_e.${ident(fk.refColumns[i])} = ${scope.qual}.${ident(c)}`).join(' and ');
    return `(select to_json(pgrst_row) from (select ${inner} ${from} where ${on} limit 1) pgrst_row) as ${key}`;
  }
  const fk = toMany[0];
  const on = fk.columns.map((c, i) => `pgrst_e.${ident(c)} = ${scope.qual}.${ident(fk.refColumns[i])}`).join(' and ');
  return `coalesce((select json_agg(pgrst_row) from (select ${inner} ${from} where ${on}) pgrst_row), '[]') as ${key}`;
}
