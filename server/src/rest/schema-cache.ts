import type { Queryable } from '../db/index.js';
import { statementNames } from './statement-names.js';

/** What /rest/v1 knows about the exposed schema (public): loaded from pg_catalog, never from a request. */
export interface Column {
  name: string;
  /** format_type() text, e.g. 'text[]', 'timestamp with time zone', 'numeric(2,1)'. Comes from the catalogue, so safe in SQL. */
  type: string;
  /** Default expression from the catalogue (null when none). */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Relation {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Unique constraints (a foreign key on them makes a one-to-one relationship). */
  uniqueKeys: string[][];
  /** Foreign keys to other exposed relations (for embedding). */
  foreignKeys: ForeignKey[];
  /** Computed fields: functions of this relation's row type returning one scalar (selectable and filterable as columns). */
  computed: Map<string, Column>;
}

export interface ForeignKey {
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  /** Copied onto a view from a key of a table it selects from (embedded by the view's name only). */
  viaView?: boolean;
}

/**
 * A computed relationship (PostgREST's "functions as relationships"): a function taking one row of `origin` and
 * returning rows of the exposed relation `target`; embedded by the function's name.
 */
export interface ComputedRel {
  fn: string;
  origin: string;
  target: string;
  /** Not SETOF, or SETOF ... ROWS 1: embeds as an object. */
  toOne: boolean;
}

export interface Routine {
  name: string;
  args: { name: string; type: string; hasDefault: boolean }[];
  returnsSet: boolean;
  /** 'void' | 'scalar' | 'composite' (a table row type or RETURNS TABLE). */
  returnKind: 'void' | 'scalar' | 'composite';
  /** Result columns when composite. */
  resultColumns: Map<string, Column>;
  /** The exposed table whose row type it returns (its rows can embed that table's relationships). */
  resultTable?: string;
  volatile: boolean;
}

export interface SchemaCache {
  schema: string;
  relations: Map<string, Relation>;
  routines: Map<string, Routine[]>;
  computedRels: ComputedRel[];
  /** Schema of PostGIS's st_asgeojson(record) (for application/geo+json), null without PostGIS. */
  postgis: string | null;
}

export const EXPOSED_SCHEMA = 'public';

const RELATIONS_SQL = `
  select c.relname as rel, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
         -- identity columns have no pg_attrdef row: their default is the next value of their sequence
         case when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
              else pg_get_expr(d.adbin, d.adrelid) end as default_expr, a.attgenerated <> '' as generated
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
  order by c.relname, a.attnum`;

const KEYS_SQL = `
  select con.conname as name, con.contype as kind, c.relname as rel, r.relname as ref_rel,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
         array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as ref_cols
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class r on r.oid = con.confrelid
  left join pg_namespace rn on rn.oid = r.relnamespace
  where n.nspname = $1 and con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or rn.nspname = $1)`;

// Where each view column comes from: PostgreSQL records the source table and column of every output column of a
// view's query (resorigtbl / resorigcol of its target entries, in the rewrite rule's node tree), also through joins,
// renames and subqueries, as PostgREST reads them. The last entry of a name is the view's own (nested queries come
// first in the tree); entries without a source (expressions) are dropped.
export const VIEW_SOURCES_SQL = `
  with entries as (
    select v.relname as view, m.i, m.x[2] as resname, m.x[3]::oid as tbl, m.x[4]::int as col
    from pg_class v
    join pg_namespace vn on vn.oid = v.relnamespace
    join pg_rewrite r on r.ev_class = v.oid and r.rulename = '_RETURN'
    cross join lateral regexp_matches(r.ev_action::text,
      ':resno (\\d+) :resname ((?:[^\\s\\\\]|\\\\.)+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g')
      with ordinality m(x, i)
    where vn.nspname = $1 and v.relkind in ('v', 'm')
  ), own as (
    select distinct on (view, resname) view, resname, tbl, col from entries order by view, resname, i desc
  )
  select o.view, regexp_replace(o.resname, '\\\\(.)', '\\1', 'g') as col, t.relname as base, a.attname::text as base_col
  from own o
  join pg_class t on t.oid = o.tbl
  join pg_namespace tn on tn.oid = t.relnamespace and tn.nspname = $1
  join pg_attribute a on a.attrelid = t.oid and a.attnum = o.col`;

const ROUTINES_SQL = `
  select p.proname as name, p.proretset as returns_set, p.provolatile as volatility, p.pronargdefaults as n_defaults,
         p.prorettype = 'void'::regtype as returns_void,
         t.typtype as ret_typtype, rc.relname as ret_rel,
         coalesce(p.proargnames, '{}') as arg_names,
         coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x) as arg_types
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid and t.typtype = 'c'
  where n.nspname = $1 and p.prokind = 'f'`;

// Functions of exactly one argument whose type is a row type of a relation in the schema (PostgREST's computed
// fields and computed relationships). Overloads by row type are distinct (get_messages(users), get_messages(channels)).
const ROW_FUNCTIONS_SQL = `
  select p.proname as name, ac.relname as arg_rel, rc.relname as ret_rel, p.proretset as returns_set, p.prorows as n_rows,
         format_type(p.prorettype, null) as ret_type, t.typtype as ret_typtype
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type at on at.oid = p.proargtypes[0]
  join pg_class ac on ac.oid = at.typrelid
  join pg_namespace an on an.oid = ac.relnamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid and t.typtype = 'c'
  left join pg_namespace rn on rn.oid = rc.relnamespace
  where n.nspname = $1 and an.nspname = $1 and p.prokind = 'f' and p.pronargs = 1 and p.proargmodes is null
    and (rc.oid is null or rn.nspname = $1)`;

const POSTGIS_SQL = `
  select n.nspname as schema from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where p.proname = 'st_asgeojson' and p.proargtypes[0] = 'record'::regtype order by n.nspname limit 1`;

interface RowFunctionRow {
  name: string;
  arg_rel: string;
  ret_rel: string | null;
  returns_set: boolean;
  n_rows: number;
  ret_type: string;
  ret_typtype: string;
}

const SINGLE_UNNAMED = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

interface RoutineRow {
  name: string;
  returns_set: boolean;
  volatility: string;
  n_defaults: number;
  returns_void: boolean;
  ret_typtype: string;
  ret_rel: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
}

export async function loadSchemaCache(db: Queryable, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const relations = new Map<string, Relation>();
  const cols = await db.query<{ rel: string; col: string; type: string; default_expr: string | null; generated: boolean }>(RELATIONS_SQL, [
    schema,
  ]);
  for (const r of cols.rows) {
    let rel = relations.get(r.rel);
    if (!rel)
      relations.set(
        r.rel,
        (rel = { name: r.rel, columns: new Map(), primaryKey: [], uniqueKeys: [], foreignKeys: [], computed: new Map() }),
      );
    rel.columns.set(r.col, { name: r.col, type: r.type, defaultExpr: r.default_expr, generated: r.generated });
  }
  const keys = await db.query<{ name: string; kind: string; rel: string; ref_rel: string | null; cols: string[]; ref_cols: string[] }>(
    KEYS_SQL,
    [schema],
  );
  for (const k of keys.rows) {
    const rel = relations.get(k.rel);
    if (!rel) continue;
    if (k.kind === 'p') rel.primaryKey = k.cols;
    else if (k.kind === 'u') rel.uniqueKeys.push(k.cols);
    else if (k.ref_rel && relations.has(k.ref_rel))
      rel.foreignKeys.push({ name: k.name, columns: k.cols, refTable: k.ref_rel, refColumns: k.ref_cols });
  }
  const views = await db.query<ViewColumnSource>(VIEW_SOURCES_SQL, [schema]);
  addViewKeys(relations, views.rows);
  const routines = new Map<string, Routine[]>();
  const procs = await db.query<RoutineRow>(ROUTINES_SQL, [schema]);
  for (const p of procs.rows) {
    const args: Routine['args'] = [];
    const out = new Map<string, Column>();
    const nIn = p.arg_types.filter((_, i) => ['i', 'b', undefined].includes(p.arg_modes[i])).length;
    let inIndex = 0;
    p.arg_types.forEach((type, i) => {
      const mode = p.arg_modes[i] ?? 'i';
      const name = p.arg_names[i] ?? '';
      if (mode === 'i' || mode === 'b') {
        args.push({ name, type, hasDefault: inIndex >= nIn - p.n_defaults });
        inIndex++;
      }
      if (mode === 'o' || mode === 'b' || mode === 't') out.set(name, { name, type, defaultExpr: null, generated: false });
    });
    // Unnamed or variadic args are not callable by name; PostgREST keeps only a single unnamed json/jsonb/text/xml/bytea one.
    const singleUnnamed = args.length === 1 && !args[0].name && SINGLE_UNNAMED.has(args[0].type);
    if ((args.some((a) => !a.name) && !singleUnnamed) || p.arg_modes.includes('v')) continue;
    let returnKind: Routine['returnKind'] = 'scalar';
    let resultColumns = new Map<string, Column>();
    let resultTable: string | undefined;
    if (p.returns_void) returnKind = 'void';
    else if (p.ret_rel && relations.has(p.ret_rel)) {
      returnKind = 'composite';
      resultColumns = relations.get(p.ret_rel)!.columns;
      resultTable = p.ret_rel;
    } else if (out.size > 0 && (p.ret_typtype === 'p' || p.ret_typtype === 'c')) {
      returnKind = 'composite';
      resultColumns = out;
    } else if (p.ret_typtype === 'p' || p.ret_typtype === 'c') continue; // anonymous records: no column list to expose
    const list = routines.get(p.name) ?? [];
    list.push({ name: p.name, args, returnsSet: p.returns_set, returnKind, resultColumns, resultTable, volatile: p.volatility === 'v' });
    routines.set(p.name, list);
  }
  const computedRels: ComputedRel[] = [];
  const rowFns = await db.query<RowFunctionRow>(ROW_FUNCTIONS_SQL, [schema]);
  for (const f of rowFns.rows) {
    const origin = relations.get(f.arg_rel);
    if (!origin) continue;
    if (f.ret_rel) {
      if (relations.has(f.ret_rel))
        computedRels.push({ fn: f.name, origin: f.arg_rel, target: f.ret_rel, toOne: !f.returns_set || Number(f.n_rows) === 1 });
    } else if (!f.returns_set && f.ret_typtype !== 'p' && !origin.columns.has(f.name)) {
      // A column of the same name wins, as in PostgreSQL's attribute notation.
      origin.computed.set(f.name, { name: f.name, type: f.ret_type, defaultExpr: null, generated: true });
    }
  }
  const geo = await db.query<{ schema: string }>(POSTGIS_SQL);
  return { schema, relations, routines, computedRels, postgis: geo.rows[0]?.schema ?? null };
}

interface ViewColumnSource {
  view: string;
  col: string;
  base: string;
  base_col: string;
}

/**
 * A view gets the keys of the tables it selects from whose columns it shows (under any name): their keys to other
 * tables, and other tables' keys to them, with the view's column names (PostgREST follows view columns to their
 * source the same way). A view over a join thus carries the keys of each side.
 */
function addViewKeys(relations: Map<string, Relation>, sources: ViewColumnSource[]) {
  // view -> base table -> base column -> the view's column showing it (the first one, when several do)
  const shown = new Map<string, Map<string, Map<string, string>>>();
  for (const s of sources) {
    if (!relations.get(s.view)?.columns.has(s.col)) continue;
    const byBase = shown.get(s.view) ?? new Map<string, Map<string, string>>();
    shown.set(s.view, byBase);
    const cols = byBase.get(s.base) ?? new Map<string, string>();
    byBase.set(s.base, cols);
    if (!cols.has(s.base_col)) cols.set(s.base_col, s.col);
  }
  const copies: [Relation, ForeignKey][] = [];
  for (const [view, byBase] of shown) {
    const v = relations.get(view)!;
    for (const [base, cols] of byBase) {
      const b = relations.get(base);
      if (!b || b === v) continue;
      const rename = (c: string[]) => (c.every((x) => cols.has(x)) ? c.map((x) => cols.get(x)!) : undefined);
      for (const fk of b.foreignKeys) {
        const columns = fk.viaView ? undefined : rename(fk.columns);
        if (columns) copies.push([v, { ...fk, columns, viaView: true }]);
      }
      for (const other of relations.values()) {
        if (other === v) continue;
        for (const fk of other.foreignKeys) {
          const refColumns = !fk.viaView && fk.refTable === base ? rename(fk.refColumns) : undefined;
          if (refColumns) copies.push([other, { ...fk, refTable: view, refColumns, viaView: true }]);
        }
      }
    }
  }
  for (const [rel, fk] of copies) rel.foreignKeys.push(fk);
}

/**
 * One cache per exposed schema: loads once, reloads on demand (after migrations, or when a name is missing), never
 * twice at the same time.
 */
export function createSchemaCacheHolder(db: Queryable) {
  const entries = new Map<string, { current?: Promise<SchemaCache>; loadedAt: number }>();
  const entry = (schema: string) => {
    let e = entries.get(schema);
    if (!e) entries.set(schema, (e = { loadedAt: 0 }));
    return e;
  };
  const load = (schema: string) => {
    const e = entry(schema);
    statementNames(db).forget(); // statements are parsed again against the schema as it is now
    const p = loadSchemaCache(db, schema).then((c) => ((e.loadedAt = Date.now()), c));
    e.current = p;
    p.catch(() => {
      if (e.current === p) e.current = undefined;
    });
    return p;
  };
  return {
    get(schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
      return entry(schema).current ?? load(schema);
    },
    /** Reload unless the cache is younger than minAgeMs (a miss on an unknown name should not reload per request). */
    async refresh(minAgeMs = 0, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
      const e = entry(schema);
      if (e.current && Date.now() - e.loadedAt < minAgeMs) return e.current;
      return load(schema);
    },
  };
}
export type SchemaCacheHolder = ReturnType<typeof createSchemaCacheHolder>;
