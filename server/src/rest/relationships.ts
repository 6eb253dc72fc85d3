import { restFailure } from './errors.js';
import type { SchemaCache } from './schema-cache.js';

/**
 * Relationships between exposed tables, derived from foreign keys as PostgREST does (reference: its Plan.findRel):
 * many-to-one / one-to-one from a key on the origin, one-to-many / one-to-one from a key on the target, and
 * many-to-many through a junction table whose two keys lie inside its primary key. Pure: schema cache in, plan out.
 */
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: string;
  constraint1: string;
  constraint2: string;
  /** [origin column, junction column] */
  source: [string, string][];
  /** [target column, junction column] */
  target: [string, string][];
}

export interface Rel {
  cardinality: Cardinality;
  /** Embeds as an object (to-one) rather than an array. */
  toOne: boolean;
  constraint: string;
  table: string;
  foreignTable: string;
  /** [origin column, target column] pairs of the join (empty for many-to-many). */
  pairs: [string, string][];
  isSelf: boolean;
  junction?: Junction;
  /** A computed relationship: the function (of the origin's row type) that returns the target rows. */
  fn?: string;
  /** Through a view's copy of a key: embedded by the view's (or table's) name, optionally with a hint. */
  viaView?: boolean;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

function isUnique(cache: SchemaCache, table: string, cols: string[]): boolean {
  const rel = cache.relations.get(table);
  if (!rel) return false;
  return (rel.primaryKey.length > 0 && sameSet(rel.primaryKey, cols)) || rel.uniqueKeys.some((u) => sameSet(u, cols));
}

const memo = new WeakMap<SchemaCache, Map<string, Rel[]>>();

export function relationshipsOf(cache: SchemaCache, origin: string): Rel[] {
  let byOrigin = memo.get(cache);
  if (!byOrigin) memo.set(cache, (byOrigin = new Map()));
  const known = byOrigin.get(origin);
  if (known) return known;
  const rels: Rel[] = [];
  const self = cache.relations.get(origin);
  if (self) {
    for (const fk of self.foreignKeys) {
      const oneToOne = isUnique(cache, origin, fk.columns);
      rels.push({
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        toOne: true,
        constraint: fk.name,
        table: origin,
        foreignTable: fk.refTable,
        pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]]),
        isSelf: fk.refTable === origin,
        viaView: fk.viaView,
      });
    }
    for (const other of cache.relations.values()) {
      for (const fk of other.foreignKeys) {
        if (fk.refTable !== origin) continue;
        const oneToOne = isUnique(cache, other.name, fk.columns);
        rels.push({
          cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
          toOne: oneToOne,
          constraint: fk.name,
          table: origin,
          foreignTable: other.name,
          pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]]),
          isSelf: other.name === origin,
          viaView: fk.viaView,
        });
      }
      if (other.name === origin || other.primaryKey.length === 0) continue;
      // many-to-many: `other` is a junction when both keys' columns are part of its primary key
      for (const fk1 of other.foreignKeys) {
        if (fk1.viaView || fk1.refTable !== origin || !fk1.columns.every((c) => other.primaryKey.includes(c))) continue;
        for (const fk2 of other.foreignKeys) {
          if (fk2.viaView || fk2 === fk1 || !fk2.columns.every((c) => other.primaryKey.includes(c))) continue;
          rels.push({
            cardinality: 'many-to-many',
            toOne: false,
            constraint: '',
            table: origin,
            foreignTable: fk2.refTable,
            pairs: [],
            isSelf: fk2.refTable === origin,
            junction: {
              table: other.name,
              constraint1: fk1.name,
              constraint2: fk2.name,
              source: fk1.refColumns.map((c, i) => [c, fk1.columns[i]]),
              target: fk2.refColumns.map((c, i) => [c, fk2.columns[i]]),
            },
          });
        }
      }
    }
  }
  for (const c of cache.computedRels) {
    if (c.origin !== origin) continue;
    rels.push({
      cardinality: c.toOne ? 'many-to-one' : 'one-to-many',
      toOne: c.toOne,
      constraint: c.fn,
      table: origin,
      foreignTable: c.target,
      pairs: [],
      isSelf: false,
      fn: c.fn,
    });
  }
  rels.sort((a, b) => (a.constraint || a.junction!.table).localeCompare(b.constraint || b.junction!.table));
  byOrigin.set(origin, rels);
  return rels;
}

const fmt = (cols: string[]) => `(${cols.join(', ')})`;

/** One entry of PGRST201's `details`, worded as PostgREST words it. */
function describe(r: Rel): { cardinality: Cardinality; embedding: string; relationship: string } {
  const relationship = r.junction
    ? `${r.junction.table} using ${r.junction.constraint1}${fmt(r.junction.source.map((s) => s[1]))} and ${r.junction.constraint2}${fmt(r.junction.target.map((t) => t[1]))}`
    : `${r.constraint} using ${r.table}${fmt(r.pairs.map((x) => x[0]))} and ${r.foreignTable}${fmt(r.pairs.map((x) => x[1]))}`;
  return { cardinality: r.cardinality, embedding: `${r.table} with ${r.foreignTable}`, relationship };
}

/** Resolves `target[!hint]` embedded under `origin`: exactly one relationship, else PGRST200 / PGRST201. */
export function findRel(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Rel {
  const singleCol = (r: Rel) => (r.pairs.length === 1 ? r.pairs[0] : undefined);
  const matchCol = (h: string, r: Rel) => singleCol(r)?.[0] === h;
  const matchRefCol = (h: string, r: Rel) => singleCol(r)?.[1] === h;
  const matchConstraint = (h: string, r: Rel) => !r.junction && r.constraint === h;
  const matchJunction = (h: string, r: Rel) => r.junction?.table === h;
  const found = relationshipsOf(cache, origin).filter((r) => {
    // A computed relationship is embedded by its function's name only.
    if (r.fn) return target === r.fn;
    // A view's copied key never makes a column or constraint name ambiguous: only the view's name selects it.
    if (r.viaView)
      return target === r.foreignTable && (hint === undefined || matchConstraint(hint, r) || matchCol(hint, r) || matchRefCol(hint, r));
    if (r.isSelf) {
      // One self key gives a many-to-one (named by the column) and a one-to-many (named by the table).
      if (hint === undefined)
        return (target === r.foreignTable && r.cardinality === 'one-to-many') || (matchCol(target, r) && r.cardinality === 'many-to-one');
      return target === r.foreignTable && r.cardinality === 'one-to-many' && matchRefCol(hint, r);
    }
    if (hint === undefined) return target === r.foreignTable || matchConstraint(target, r) || matchCol(target, r);
    return target === r.foreignTable && (matchConstraint(hint, r) || matchCol(hint, r) || matchRefCol(hint, r) || matchJunction(hint, r));
  });
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw restFailure('relationshipNotFound', origin, target, { schema: cache.schema, hint });
  }
  const options = found.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.constraint}'`).join(', ');
  throw restFailure('relationshipAmbiguous', origin, target, found.map(describe), options);
}
