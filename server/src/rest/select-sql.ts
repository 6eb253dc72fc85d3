import type { EmbedItem, EmbedModifiers, Field, SelectItem } from './ast.js';
import { parseError, restFailure } from './errors.js';
import { findRel, type Rel } from './relationships.js';
import type { SchemaCache } from './schema-cache.js';
import { conditionSql, fieldSql, ident, orderSql, rowSql, type Params, type RelatedOrder, type Scope } from './sql-fragments.js';

/**
 * The select list with its embedded resources. Each embed is a correlated subquery (so RLS applies inside it),
 * nested to any depth the parser allows; `!inner` embeds add an EXISTS condition to their parent's WHERE.
 */
export interface SelectPlan {
  /** `expr as "key", ...` */
  list: string;
  /** Conditions the parent rows must meet (from !inner embeds), ANDed into its WHERE. */
  inner: string[];
  /** ` group by ...` when the top level has aggregates. */
  groupBy: string;
  /** Top-level embeds by alias or name, for `order=rel(col)`. */
  related: Map<string, RelatedOrder>;
}

interface Ctx {
  p: Params;
  cache: SchemaCache;
  embedded: Map<string, EmbedModifiers>;
  used: Set<string>;
  related: Map<string, RelatedOrder>;
  allowAgg: boolean;
  n: number;
}

interface Part {
  expr: string;
  key: string;
  /** An aggregate: the other plain columns of its level become GROUP BY. */
  agg?: boolean;
  /** A plain column of its level (a GROUP BY candidate). */
  plain?: boolean;
}

const aggregatesRefused = () => restFailure('aggregatesNotAllowed');

/** ` group by ...` when a level mixes aggregates and plain columns. */
function groupBy(parts: Part[]): string {
  if (!parts.some((x) => x.agg)) return '';
  const plain = parts.filter((x) => x.plain).map((x) => x.expr);
  return plain.length ? ` group by ${plain.join(', ')}` : '';
}

function outputKey(f: Field): string {
  const keys = f.path.filter((s) => typeof s.key === 'string');
  return keys.length ? String(keys[keys.length - 1].key) : f.column;
}

export function selectSql(
  scope: Scope,
  q: { select: SelectItem[]; embedded?: Map<string, EmbedModifiers>; aggregatesAllowed?: boolean },
  p: Params,
  cache: SchemaCache,
): SelectPlan {
  const ctx: Ctx = {
    p,
    cache,
    embedded: q.embedded ?? new Map(),
    used: new Set(),
    related: new Map(),
    n: 0,
    allowAgg: q.aggregatesAllowed ?? false,
  };
  const inner: string[] = [];
  const parts = selectParts(scope, q.select, ctx, [], inner);
  for (const path of ctx.embedded.keys()) {
    if (!ctx.used.has(path)) {
      const name = path.split('.').pop()!;
      throw restFailure('notEmbedded', name);
    }
  }
  if (!parts.length) throw parseError('failed to parse select parameter', 'empty select list');
  return { list: parts.map((x) => `${x.expr} as ${ident(x.key)}`).join(', '), inner, groupBy: groupBy(parts), related: ctx.related };
}

function selectParts(scope: Scope, items: SelectItem[], ctx: Ctx, path: string[], inner: string[]): Part[] {
  const parts: Part[] = [];
  const embedKeys = new Set<string>();
  for (const item of items) {
    if (item.kind === 'star') {
      for (const col of scope.columns.values()) parts.push({ expr: `${scope.qual}.${ident(col.name)}`, key: col.name, plain: true });
    } else if (
      item.kind === 'count' ||
      (item.kind === 'column' &&
        ctx.allowAgg &&
        item.field.column === 'count' &&
        !item.field.path.length &&
        !item.aggregate &&
        !scope.columns.has('count'))
    ) {
      // `count()`, or a bare `count` where the resource has no such column (PostgREST's older spelling).
      if (!ctx.allowAgg) throw aggregatesRefused();
      const cast = item.kind === 'count' ? item.cast : undefined;
      parts.push({ expr: `count(*)${cast ? `::${cast}` : ''}`, key: item.alias ?? 'count', agg: true });
    } else if (item.kind === 'column') {
      const { sql } = fieldSql(scope, item.field, ctx.p);
      const value = `${sql}${item.cast ? `::${item.cast}` : ''}`;
      if (item.aggregate) {
        if (!ctx.allowAgg) throw aggregatesRefused();
        parts.push({
          expr: `${item.aggregate}(${value})${item.aggCast ? `::${item.aggCast}` : ''}`,
          key: item.alias ?? item.aggregate,
          agg: true,
        });
      } else parts.push({ expr: value, key: item.alias ?? outputKey(item.field), plain: true });
    } else {
      const key = item.alias ?? item.relation;
      // PostgreSQL's own answer when two embeds get the same name (PostgREST lets it through the same way).
      if (!item.spread && embedKeys.has(key)) throw restFailure('tableNameDuplicated', `${scope.name}_${key}_1`);
      embedKeys.add(key);
      parts.push(...embedParts(scope, item, ctx, path, inner));
    }
  }
  return parts;
}

/** Join condition between the parent (qual) and the embedded alias (and the junction alias for many-to-many). */
function joinOn(rel: Rel, parent: string, alias: string, junction: string): string[] {
  if (rel.junction) {
    return [
      ...rel.junction.source.map(([o, j]) => `${junction}.${ident(j)} = ${parent}.${ident(o)}`),
      ...rel.junction.target.map(([t, j]) => `${junction}.${ident(j)} = ${alias}.${ident(t)}`),
    ];
  }
  return rel.pairs.map(([o, t]) => `${alias}.${ident(t)} = ${parent}.${ident(o)}`);
}

function modifiersFor(ctx: Ctx, path: string[], item: EmbedItem): { mods?: EmbedModifiers; path: string[] } {
  for (const name of [item.alias, item.relation]) {
    if (!name) continue;
    const candidate = [...path, name];
    const key = candidate.join('.');
    const mods = ctx.embedded.get(key);
    if (mods) {
      ctx.used.add(key);
      return { mods, path: candidate };
    }
  }
  return { path: [...path, item.alias ?? item.relation] };
}

function embedParts(scope: Scope, item: EmbedItem, ctx: Ctx, path: string[], parentInner: string[]): Part[] {
  if (!scope.table) throw restFailure('relationshipNotFound', scope.name, item.relation);
  const rel = findRel(ctx.cache, scope.table, item.relation, item.hint);
  const target = ctx.cache.relations.get(rel.foreignTable)!;
  const n = ++ctx.n;
  const alias = `pgrst_${n}`;
  const junction = `pgrst_${n}_j`;
  const { mods, path: childPath } = modifiersFor(ctx, path, item);
  // Errors name an embedded table as PostgREST's SQL aliases it: <table>_<depth>.
  const e: Scope = {
    name: `${target.name}_${childPath.length}`,
    qual: alias,
    columns: target.columns,
    table: target.name,
    schema: ctx.cache.schema,
    computed: target.computed,
  };
  const childInner: string[] = [];
  const parts = selectParts(e, item.select, ctx, childPath, childInner);
  const { p, cache } = ctx;
  const conds = [...joinOn(rel, scope.qual, alias, junction), ...(mods?.where ?? []).map((c) => conditionSql(e, c, p)), ...childInner];
  // A computed relationship reads its function called on the parent row; a key relationship reads the table.
  const source = rel.fn ? `${ident(cache.schema)}.${ident(rel.fn)}(${rowSql(scope)})` : `${ident(cache.schema)}.${ident(target.name)}`;
  const from = `from ${source} as ${alias}${rel.junction ? `, ${ident(cache.schema)}.${ident(rel.junction.table)} as ${junction}` : ''}`;
  const where = conds.length ? ` where ${conds.join(' and ')}` : '';
  if (item.inner) parentInner.push(`exists (select 1 ${from}${where})`);
  if (!parts.length) return [];
  const order = mods ? orderSql(e, mods.order, p) : '';
  const page = rel.toOne
    ? ' limit 1'
    : `${mods?.limit !== undefined ? ` limit ${p.add(String(mods.limit))}::bigint` : ''}${mods?.offset ? ` offset ${p.add(String(mods.offset))}::bigint` : ''}`;
  const body = `${from}${where}${groupBy(parts)}${order}${page}`;
  const key = item.alias ?? item.relation;
  if (!path.length) ctx.related.set(key, { scope: e, body, toOne: rel.toOne, origin: scope.table, target: item.relation });
  if (item.spread) {
    // A spread puts the embedded columns into the parent object: one value each, or (to-many) an array each.
    return parts.map((x) =>
      rel.toOne
        ? { expr: `(select ${x.expr} ${body})`, key: x.key, plain: true }
        : { expr: `coalesce((select json_agg(pgrst_v.v) from (select ${x.expr} as v ${body}) pgrst_v), '[]')`, key: x.key },
    );
  }
  const list = parts.map((x) => `${x.expr} as ${ident(x.key)}`).join(', ');
  if (rel.toOne) return [{ expr: `(select to_json(pgrst_row) from (select ${list} ${body}) pgrst_row)`, key }];
  return [{ expr: `coalesce((select json_agg(pgrst_row) from (select ${list} ${body}) pgrst_row), '[]')`, key }];
}
