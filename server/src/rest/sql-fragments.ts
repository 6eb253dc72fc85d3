import type { Condition, Field, Filter, OrderTerm } from './ast.js';
import { OPERATORS } from './ast.js';
import { restFailure } from './errors.js';
import type { Column } from './schema-cache.js';

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
  /** The schema of `table`, and its computed fields (functions of its row type), when the scope rows are of that type. */
  schema?: string;
  computed?: Map<string, Column>;
}

export function column(scope: Scope, name: string): Column {
  const col = scope.columns.get(name) ?? scope.computed?.get(name);
  if (!col) throw restFailure('columnUndefined', scope.name, name);
  return col;
}

/** The scope's current row as a value of its table's row type (the argument of computed fields and relationships). */
export function rowSql(scope: Scope): string {
  const cols = [...scope.columns.keys()].map((c) => `${scope.qual}.${ident(c)}`).join(', ');
  return `row(${cols})::${ident(scope.schema ?? 'public')}.${ident(scope.table ?? scope.name)}`;
}

/** Column with its JSON path; returns SQL and the SQL type of the result (for casting bound values). */
export function fieldSql(scope: Scope, f: Field, p: Params): { sql: string; type: string } {
  const col = column(scope, f.column);
  // A computed field is its function called on the row (names come from the schema cache).
  let sql = scope.columns.has(col.name)
    ? `${scope.qual}.${ident(col.name)}`
    : `${ident(scope.schema ?? 'public')}.${ident(col.name)}(${rowSql(scope)})`;
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
      expr = f.quantifier
        ? `${lhs} ${OPERATORS[f.op]} ${f.quantifier}(${p.add(v)}::text::text[])`
        : `${lhs} ${OPERATORS[f.op]} ${p.add(v)}::text`;
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

/** An embedded resource of the request, as `order=rel(col)` can use it: its scope and its subquery's FROM ... tail. */
export interface RelatedOrder {
  scope: Scope;
  body: string;
  toOne: boolean;
  origin: string;
  target: string;
}

export function orderSql(scope: Scope, order: OrderTerm[], p: Params, related?: Map<string, RelatedOrder>): string {
  if (!order.length) return '';
  const terms = order.map((o) => {
    let s: string;
    if (o.relation) {
      const r = related?.get(o.relation);
      if (!r) throw restFailure('notEmbedded', o.relation);
      if (!r.toOne) throw restFailure('relatedOrderNotToOne', r.origin, r.target);
      s = `(select ${fieldSql(r.scope, o.field, p).sql} ${r.body})`;
    } else s = fieldSql(scope, o.field, p).sql;
    if (o.direction) s += ` ${o.direction}`;
    if (o.nulls) s += o.nulls === 'nullsfirst' ? ' nulls first' : ' nulls last';
    return s;
  });
  return ` order by ${terms.join(', ')}`;
}
