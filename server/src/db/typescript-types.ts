import path from 'node:path';
import { APP_ROOT, MIGRATIONS_DIR } from '../paths.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import type { Queryable } from './types.js';

/**
 * The `Database` type of `supabase gen types typescript`, read from pg_catalog: Tables/Views (Row, Insert, Update,
 * Relationships), Functions (Args, Returns, SetofOptions), Enums and CompositeTypes per exposed schema, so that
 * `createClient<Database>()` types `.from()` and `.rpc()`. Decisions follow supabase's generator (postgres-meta):
 * function results and RETURNS TABLE columns are not nullable, view columns are, a defaulted argument is optional.
 * docs/decisions/0040-typed-data-layer.md.
 */

interface PgType {
  oid: number;
  name: string;
  schema: string;
  typtype: string;
  category: string;
  elem: number;
  base: number;
  relkind: string | null;
}

interface Col {
  rel: string;
  kind: string;
  col: string;
  type: number;
  not_null: boolean;
  has_default: boolean;
  identity_always: boolean;
  generated: boolean;
  updatable: number;
}

interface Key {
  name: string;
  kind: string;
  rel: string;
  ref_rel: string | null;
  cols: string[];
  ref_cols: string[];
}

interface Proc {
  name: string;
  returns_set: boolean;
  ret: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: number[];
  n_defaults: number;
}

const TYPES_SQL = `
  select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype, t.typcategory as category,
         t.typelem::int as elem, t.typbasetype::int as base, c.relkind
  from pg_type t join pg_namespace n on n.oid = t.typnamespace left join pg_class c on c.oid = t.typrelid`;

const ENUMS_SQL = `
  select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
  from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
  where n.nspname = $1 group by t.typname order by t.typname`;

const COLUMNS_SQL = `
  select c.relname as rel, c.relkind as kind, a.attname as col, a.atttypid::int as type, a.attnotnull as not_null,
         (a.atthasdef or a.attidentity <> '') as has_default, a.attidentity = 'a' as identity_always,
         a.attgenerated <> '' as generated, pg_relation_is_updatable(c.oid, false) as updatable
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm', 'c')
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
  where n.nspname = $1 and con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or rn.nspname = $1)
  order by con.conname`;

// Trigger functions cannot be called through /rest/v1/rpc, so they are not part of the client's type.
const PROCS_SQL = `
  select p.proname as name, p.proretset as returns_set, p.prorettype::int as ret, p.pronargdefaults as n_defaults,
         coalesce(p.proargnames, '{}') as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select x::int from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x) as arg_types
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = $1 and p.prokind = 'f' and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
  order by p.proname, pg_get_function_identity_arguments(p.oid)`;

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Record<string, unknown>',
  unknown: 'unknown',
};
const STRINGS = new Set(
  'bytea bpchar varchar text citext name char date time timetz timestamp timestamptz interval uuid inet cidr macaddr macaddr8 money tsvector tsquery xml bit varbit vector'.split(
    ' ',
  ),
);

/** The PostgREST whose API /rest/v1 speaks (docs/architecture.md): its typings in supabase-js are chosen by this. */
export const POSTGREST_VERSION = '13';

const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name.replace(/'/g, "\\'")}'`);
const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const byName = <T>(entries: Map<string, T>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Introspects `schemas` (each must exist) and returns the source of database.types.ts. */
export async function generateDatabaseTypes(db: Queryable, schemas: string[] = ['public']): Promise<string> {
  const types = new Map((await db.query<PgType>(TYPES_SQL)).rows.map((t) => [t.oid, t]));
  const out: string[] = [];
  const w = (depth: number, line: string) => out.push('  '.repeat(depth) + line);

  const tsType = (oid: number): string => {
    const t = types.get(oid);
    if (!t) return 'unknown';
    if (t.category === 'A' && t.elem) return `${tsType(t.elem)}[]`;
    if (t.typtype === 'd') return tsType(t.base);
    if (t.typtype === 'e') return schemas.includes(t.schema) ? `Database[${lit(t.schema)}]['Enums'][${lit(t.name)}]` : 'string';
    if (t.typtype === 'c') {
      if (!schemas.includes(t.schema)) return 'Record<string, unknown>';
      if (t.relkind === 'c') return `Database[${lit(t.schema)}]['CompositeTypes'][${lit(t.name)}]`;
      return `Database[${lit(t.schema)}][${lit(t.relkind === 'v' || t.relkind === 'm' ? 'Views' : 'Tables')}][${lit(t.name)}]['Row']`;
    }
    if (t.name in SCALARS) return SCALARS[t.name];
    return STRINGS.has(t.name) ? 'string' : 'unknown';
  };

  w(0, '// Generated by `npm run gen:types` from supabase/migrations (server/src/db/typescript-types.ts). Do not edit.');
  w(0, 'export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];');
  w(0, '');
  w(0, 'export type Database = {');
  // As `supabase gen types typescript` writes it: supabase-js reads this to type the client for PostgREST 13 (else 12).
  w(1, '// Allows to automatically instantiate createClient with right options');
  w(1, "// instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)");
  w(1, '__InternalSupabase: {');
  w(2, `PostgrestVersion: ${lit(POSTGREST_VERSION)};`);
  w(1, '};');
  for (const schema of schemas) {
    const cols = (await db.query<Col>(COLUMNS_SQL, [schema])).rows;
    const keys = (await db.query<Key>(KEYS_SQL, [schema])).rows;
    const procs = (await db.query<Proc>(PROCS_SQL, [schema])).rows;
    const enums = (await db.query<{ name: string; labels: string[] }>(ENUMS_SQL, [schema])).rows;
    const rels = new Map<string, Col[]>();
    for (const c of cols) rels.set(c.rel, [...(rels.get(c.rel) ?? []), c]);
    const relsOf = (kinds: string) => new Map([...rels].filter(([, c]) => kinds.includes(c[0].kind)));
    const empty = (depth: number, name: string) => w(depth, `${name}: { [_ in never]: never };`);

    const relationships = (depth: number, rel: string) => {
      const unique = keys.filter((k) => k.rel === rel && k.kind !== 'f').map((k) => [...k.cols].sort().join(','));
      const fks = keys.filter((k) => k.rel === rel && k.kind === 'f' && k.ref_rel && rels.has(k.ref_rel));
      if (fks.length === 0) return w(depth, 'Relationships: [];');
      w(depth, 'Relationships: [');
      for (const fk of fks) {
        w(depth + 1, '{');
        w(depth + 2, `foreignKeyName: ${lit(fk.name)};`);
        w(depth + 2, `columns: [${fk.cols.map(lit).join(', ')}];`);
        w(depth + 2, `isOneToOne: ${unique.includes([...fk.cols].sort().join(','))};`);
        w(depth + 2, `referencedRelation: ${lit(fk.ref_rel!)};`);
        w(depth + 2, `referencedColumns: [${fk.ref_cols.map(lit).join(', ')}];`);
        w(depth + 1, '},');
      }
      w(depth, '];');
    };
    const row = (depth: number, columns: Col[], nullable: (c: Col) => boolean) => {
      w(depth, 'Row: {');
      for (const c of columns) w(depth + 1, `${key(c.col)}: ${tsType(c.type)}${nullable(c) ? ' | null' : ''};`);
      w(depth, '};');
    };
    const writes = (depth: number, columns: Col[], nullable: (c: Col) => boolean) => {
      for (const part of ['Insert', 'Update'] as const) {
        w(depth, `${part}: {`);
        for (const c of columns) {
          const never = c.generated || (part === 'Insert' && c.identity_always);
          const optional = part === 'Update' || never || nullable(c) || c.has_default;
          w(depth + 1, `${key(c.col)}${optional ? '?' : ''}: ${never ? 'never' : tsType(c.type) + (nullable(c) ? ' | null' : '')};`);
        }
        w(depth, '};');
      }
    };

    w(1, `${key(schema)}: {`);
    const tables = relsOf('rpf');
    if (tables.size === 0) empty(2, 'Tables');
    else {
      w(2, 'Tables: {');
      for (const [name, columns] of byName(tables)) {
        w(3, `${key(name)}: {`);
        row(4, columns, (c) => !c.not_null);
        writes(4, columns, (c) => !c.not_null);
        relationships(4, name);
        w(3, '};');
      }
      w(2, '};');
    }
    const views = relsOf('vm');
    if (views.size === 0) empty(2, 'Views');
    else {
      w(2, 'Views: {');
      for (const [name, columns] of byName(views)) {
        w(3, `${key(name)}: {`);
        row(4, columns, () => true);
        if (columns[0].updatable > 0) writes(4, columns, () => true);
        relationships(4, name);
        w(3, '};');
      }
      w(2, '};');
    }

    // As PostgREST: callable by name only when every input argument is named, or there is a single (unnamed) one.
    const isIn = (p: Proc, i: number) => ['i', 'b', 'v', undefined].includes(p.arg_modes[i]);
    const callable = procs.filter((p) => {
      const inNames = p.arg_types.map((_, i) => (isIn(p, i) ? (p.arg_names[i] ?? '') : null)).filter((n) => n !== null);
      return inNames.length <= 1 || inNames.every((n) => n !== '');
    });
    const overloads = new Map<string, Proc[]>();
    for (const p of callable) overloads.set(p.name, [...(overloads.get(p.name) ?? []), p]);
    if (overloads.size === 0) empty(2, 'Functions');
    else {
      w(2, 'Functions: {');
      for (const [name, list] of byName(overloads)) {
        if (list.length > 1) w(3, `${key(name)}:`);
        list.forEach((p, n) => {
          const args: string[] = [];
          const table: string[] = [];
          const inCount = p.arg_types.filter((_, i) => isIn(p, i)).length;
          let inIndex = 0;
          p.arg_types.forEach((type, i) => {
            const mode = p.arg_modes[i] ?? 'i';
            const argName = p.arg_names[i] ?? '';
            if (mode === 'i' || mode === 'b' || mode === 'v') {
              const optional = inIndex++ >= inCount - p.n_defaults;
              args.push(`${key(argName)}${optional ? '?' : ''}: ${tsType(type)};`);
            }
            if (mode === 't' || mode === 'o' || mode === 'b') table.push(`${key(argName)}: ${tsType(type)};`);
          });
          const ret = types.get(p.ret);
          const setOf = p.returns_set ? '[]' : '';
          // Laid out as Prettier lays out a union of object types: `| {` then the members two levels in.
          const d = list.length > 1 ? 5 : 3;
          if (list.length > 1) w(4, '| {');
          else w(d, `${key(name)}: {`);
          if (args.length === 0) w(d + 1, 'Args: never;');
          else {
            w(d + 1, 'Args: {');
            for (const a of args) w(d + 2, a);
            w(d + 1, '};');
          }
          if (table.length > 0 && (ret?.typtype === 'p' || ret?.name === 'record')) {
            w(d + 1, 'Returns: {');
            for (const c of table) w(d + 2, c);
            w(d + 1, `}${setOf};`);
          } else {
            w(d + 1, `Returns: ${tsType(p.ret)}${setOf};`);
            if (ret?.typtype === 'c' && ret.relkind !== 'c' && schemas.includes(ret.schema) && rels.has(ret.name)) {
              w(d + 1, 'SetofOptions: {');
              w(d + 2, `from: '*';`);
              w(d + 2, `to: ${lit(ret.name)};`);
              w(d + 2, `isOneToOne: ${!p.returns_set};`);
              w(d + 2, `isSetofReturn: ${p.returns_set};`);
              w(d + 1, '};');
            }
          }
          w(d, n === list.length - 1 ? '};' : '}');
        });
      }
      w(2, '};');
    }

    if (enums.length === 0) empty(2, 'Enums');
    else {
      w(2, 'Enums: {');
      for (const e of enums) w(3, `${key(e.name)}: ${e.labels.map(lit).join(' | ')};`);
      w(2, '};');
    }
    const composites = relsOf('c');
    if (composites.size === 0) empty(2, 'CompositeTypes');
    else {
      w(2, 'CompositeTypes: {');
      for (const [name, columns] of byName(composites)) {
        w(3, `${key(name)}: {`);
        for (const c of columns) w(4, `${key(c.col)}: ${tsType(c.type)} | null;`);
        w(3, '};');
      }
      w(2, '};');
    }
    w(1, '};');
  }
  w(0, '};');
  w(0, '');
  w(0, "type PublicSchema = Database['public'];");
  w(0, "export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];");
  w(0, "export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];");
  w(0, "export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];");
  w(0, "export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];");
  w(0, "export type Functions<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T];");
  return out.join('\n') + '\n';
}

/** Where the generated type is committed (the web client and the server both import it from @app/shared). */
export const DATABASE_TYPES_FILE = path.join(APP_ROOT, 'packages', 'shared', 'src', 'database.types.ts');

/** The types of the schema the migrations build, on a throw-away in-memory PGlite (no server, no DATABASE_URL). */
export async function generateFromMigrations(dir = MIGRATIONS_DIR): Promise<string> {
  const db = await openPglite();
  try {
    await migrate(db, dir);
    return await generateDatabaseTypes(db);
  } finally {
    await db.close();
  }
}
