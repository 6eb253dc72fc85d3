import path from 'node:path';
// the Prettier postgres-meta's generator formats with (its lockfile), so the layout is the CLI's to the byte
import { format } from 'prettier-typegen';
import { APP_ROOT, MIGRATIONS_DIR } from '../paths.js';
import { VIEW_SOURCES_SQL } from '../rest/schema-cache.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite/pglite.js';
import type { Queryable } from '../db/types.js';

/**
 * What `supabase gen types typescript` writes: the CLI asks postgres-meta's generator
 * (src/server/templates/typescript.ts in supabase/postgres-meta) with detect_one_to_one_relationships=true and
 * postgrest_version=13, and that template lays out its text and formats it with Prettier (typescript, semi: false).
 * This is the same template, fed from our own pg_catalog reads: same order (columns, arguments and names sorted with
 * localeCompare), same type mapping (unknown for what it does not know), same relationships through views, same
 * helper types and Constants. typegen-fixture/ holds that generator's real output for a small schema, compared byte
 * for byte in typescript-types.test.ts. docs/decisions/0040-typed-data-layer.md, 0174.
 */

interface PgType {
  id: number;
  name: string;
  schema: string;
  enums: string[];
  attributes: { name: string; type_id: number }[];
  type_relation_id: number | null;
}
interface Rel {
  id: number;
  name: string;
  kind: string;
  is_updatable: boolean;
}
interface Column {
  table_id: number;
  name: string;
  format: string;
  is_nullable: boolean;
  is_updatable: boolean;
  identity_generation: string | null;
  is_identity: boolean;
  has_default: boolean;
}
interface Arg {
  mode: string;
  name: string;
  type_id: number;
  has_default: boolean | null;
}
interface Fn {
  name: string;
  args: Arg[];
  argument_types: string;
  return_type: string;
  return_type_id: number;
  return_type_relation_id: number | null;
  is_set_returning_function: boolean;
  prorows: number | null;
}
interface Relationship {
  foreign_key_name: string;
  relation: string;
  columns: string[];
  is_one_to_one: boolean;
  referenced_relation: string;
  referenced_columns: string[];
}

// every type, as postgres-meta lists them for the generator (table row types and arrays included)
const TYPES_SQL = `
  select t.oid::int as id, t.typname as name, n.nspname as schema,
         coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}') as enums,
         coalesce((select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int) order by a.attnum)
                   from pg_class c join pg_attribute a on a.attrelid = c.oid
                   where c.oid = t.typrelid and c.relkind = 'c' and not a.attisdropped), '[]') as attributes,
         nullif(t.typrelid::int, 0) as type_relation_id
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  where t.typrelid = 0 or (select c.relkind in ('c', 'r', 'v', 'm', 'p') from pg_class c where c.oid = t.typrelid)`;

const RELATIONS_SQL = `
  select c.oid::int as id, c.relname as name, c.relkind as kind, (pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const COLUMNS_SQL = `
  select c.oid::int as table_id, a.attname as name, coalesce(bt.typname, t.typname) as format,
         not (a.attnotnull or t.typtype = 'd' and t.typnotnull) as is_nullable,
         (c.relkind in ('r', 'p') or c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as is_updatable,
         case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
         a.attidentity in ('a', 'd') as is_identity, a.atthasdef as has_default
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_type t on t.oid = a.atttypid
  left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
  order by c.oid, a.attnum`;

// has_default as postgres-meta computes it: by position over all arguments, from pronargs and pronargdefaults
const FUNCTIONS_SQL = `
  select p.proname as name, pg_get_function_arguments(p.oid) as argument_types, pg_get_function_result(p.oid) as return_type,
         p.prorettype::int as return_type_id, nullif(rt.typrelid::int, 0) as return_type_relation_id,
         p.proretset as is_set_returning_function, case when p.proretset then nullif(p.prorows, 0)::float8 end as prorows,
         coalesce((select json_agg(json_build_object(
                     'mode', case m.mode when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' else 'table' end,
                     'name', coalesce(p.proargnames[m.i], ''), 'type_id', m.type_id::int,
                     'has_default', case when m.i <= p.pronargs then m.i > p.pronargs - p.pronargdefaults end) order by m.i)
                   from unnest(coalesce(p.proargmodes, array_fill('i'::"char", array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])),
                               coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality m(mode, type_id, i)), '[]') as args
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  left join pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f' and pg_get_function_result(p.oid) not in ('trigger', 'event_trigger')`;

// foreign keys, one-to-one when their columns are also a primary key or unique constraint's
const FOREIGN_KEYS_SQL = `
  select con.conname as foreign_key_name, c.relname as relation, r.relname as referenced_relation,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
         array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as referenced_columns,
         exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                 and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as is_one_to_one
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
  join pg_class r on r.oid = con.confrelid join pg_namespace rn on rn.oid = r.relnamespace
  where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1`;

/** The PostgREST whose API /rest/v1 speaks (docs/architecture.md): its typings in supabase-js are chosen by this. */
export const POSTGREST_VERSION = '13';

const VALID_IN_MODES = new Set(['in', 'inout', 'variadic']);
const cmp = (a: string, b: string) => a.localeCompare(b);
const q = JSON.stringify;

/** Every choice of one view column per key column (a view may show a table column under several names). */
const product = (lists: string[][]): string[][] => lists.reduce<string[][]>((acc, l) => acc.flatMap((r) => l.map((x) => [...r, x])), [[]]);

/** FKs, and the same keys through the views that show their columns (PostgREST's view key dependencies). */
function withViews(fks: Relationship[], sources: { view: string; col: string; base: string; base_col: string }[]): Relationship[] {
  const viewCols = (base: string, cols: string[]) => {
    const byView = new Map<string, string[][]>();
    for (const view of new Set(sources.filter((s) => s.base === base).map((s) => s.view))) {
      const lists = cols.map((c) => sources.filter((s) => s.view === view && s.base === base && s.base_col === c).map((s) => s.col));
      if (lists.every((l) => l.length > 0)) byView.set(view, product(lists));
    }
    return byView;
  };
  const out: Relationship[] = [];
  for (const r of fks) {
    out.push(r);
    const from = viewCols(r.relation, r.columns);
    const to = viewCols(r.referenced_relation, r.referenced_columns);
    for (const [view, choices] of from) for (const columns of choices) out.push({ ...r, relation: view, columns });
    for (const [view, choices] of to)
      for (const referenced_columns of choices) out.push({ ...r, referenced_relation: view, referenced_columns });
    for (const [v1, c1] of from)
      for (const columns of c1)
        for (const [v2, c2] of to)
          for (const referenced_columns of c2) out.push({ ...r, relation: v1, columns, referenced_relation: v2, referenced_columns });
  }
  return out;
}

/** Introspects the public schema and returns the source of database.types.ts, as the Supabase CLI writes it. */
export async function generateDatabaseTypes(db: Queryable, schemaName = 'public'): Promise<string> {
  const types = (await db.query<PgType>(TYPES_SQL)).rows;
  const rels = (await db.query<Rel>(RELATIONS_SQL, [schemaName])).rows;
  const columns = (await db.query<Column>(COLUMNS_SQL, [schemaName])).rows;
  const functions = (await db.query<Fn>(FUNCTIONS_SQL, [schemaName])).rows;
  const fks = (await db.query<Relationship>(FOREIGN_KEYS_SQL, [schemaName])).rows;
  const sources = (await db.query<{ view: string; col: string; base: string; base_col: string }>(VIEW_SOURCES_SQL, [schemaName])).rows;

  const tables = rels.filter((r) => 'rpf'.includes(r.kind)).sort((a, b) => cmp(a.name, b.name));
  const views = rels
    .filter((r) => 'vm'.includes(r.kind))
    .map((v) => (v.kind === 'm' ? { ...v, is_updatable: false } : v))
    .sort((a, b) => cmp(a.name, b.name));
  const relationships = withViews(fks, sources).sort(
    (a, b) =>
      cmp(a.foreign_key_name, b.foreign_key_name) ||
      cmp(a.referenced_relation, b.referenced_relation) ||
      cmp(q(a.referenced_columns), q(b.referenced_columns)),
  );
  const columnsOf = new Map<number, Column[]>(rels.map((r) => [r.id, []]));
  for (const c of columns) columnsOf.get(c.table_id)?.push(c);
  for (const list of columnsOf.values()) list.sort((a, b) => cmp(a.name, b.name));
  const relNames = new Map(rels.map((r) => [r.id, r.name]));
  const typesById = new Map(types.map((t) => [t.id, t]));
  const relationTypes = new Map(types.filter((t) => t.type_relation_id).map((t) => [t.id, t]));
  const enums = types.filter((t) => t.schema === schemaName && t.enums.length > 0).sort((a, b) => cmp(a.name, b.name));
  const composites = types.filter((t) => t.schema === schemaName && t.attributes.length > 0).sort((a, b) => cmp(a.name, b.name));

  const tsType = (pgType: string): string => {
    if (pgType === 'bool') return 'boolean';
    if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(pgType)) return 'number';
    if (
      [
        'bytea',
        'bpchar',
        'varchar',
        'date',
        'text',
        'citext',
        'time',
        'timetz',
        'timestamp',
        'timestamptz',
        'uuid',
        'vector',
        'interval',
      ].includes(pgType)
    )
      return 'string';
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(pgType.substring(1))})[]`;
    const pick = <T extends { schema: string }>(list: T[]) => list.find((t) => t.schema === schemaName) ?? list[0];
    const anEnum = pick(types.filter((t) => t.name === pgType && t.enums.length > 0));
    if (anEnum) {
      return anEnum.schema === schemaName
        ? `Database[${q(anEnum.schema)}]['Enums'][${q(anEnum.name)}]`
        : anEnum.enums.map((v) => q(v)).join('|');
    }
    const composite = pick(types.filter((t) => t.name === pgType && t.attributes.length > 0));
    if (composite)
      return composite.schema === schemaName ? `Database[${q(composite.schema)}]['CompositeTypes'][${q(composite.name)}]` : 'unknown';
    if (tables.some((t) => t.name === pgType)) return `Database[${q(schemaName)}]['Tables'][${q(pgType)}]['Row']`;
    if (views.some((v) => v.name === pgType)) return `Database[${q(schemaName)}]['Views'][${q(pgType)}]['Row']`;
    return 'unknown';
  };
  const typeName = (id: number) => typesById.get(id)?.name;
  const tsOf = (id: number) => {
    const name = typeName(id);
    return name === undefined ? 'unknown' : tsType(name);
  };
  const nullable = (ts: string, isNullable: boolean) => (ts === 'unknown' || ts === 'any' || !isNullable ? ts : `${ts} | null`);
  const columnDef = (c: { name: string; format: string; is_nullable: boolean }, optional: boolean) =>
    `${q(c.name)}${optional ? '?' : ''}: ${nullable(tsType(c.format), c.is_nullable)}`;

  const tableNameOf = (relationId: number | null, returnTypeId: number | null): string | null => {
    if (!relationId) return null;
    const name = relNames.get(relationId);
    if (name) return name;
    const reltype = returnTypeId ? relationTypes.get(returnTypeId) : undefined;
    return reltype ? reltype.name : null;
  };

  // functions PostgREST can call, as the template selects them (args sorted by name first)
  const fns: { fn: Fn; inArgs: Arg[] }[] = [];
  for (const fn of functions) {
    fn.args.sort((a, b) => cmp(a.name, b.name));
    const inArgs = fn.args.filter((a) => VALID_IN_MODES.has(a.mode));
    const validUnnamed = (id: number) => ['json', 'jsonb', 'text'].includes(typeName(id) ?? '');
    if (
      inArgs.length === 0 ||
      !inArgs.some((a) => a.name === '') ||
      inArgs.every((a) => a.name !== '' || (a.has_default && validUnnamed(a.type_id))) ||
      (inArgs.length === 1 && inArgs[0]!.name === '' && (validUnnamed(inArgs[0]!.type_id) || relationTypes.has(inArgs[0]!.type_id)))
    )
      fns.push({ fn, inArgs });
  }
  fns.sort((a, b) => cmp(a.fn.name, b.fn.name));

  const returnType = (fn: Fn): string => {
    const tableArgs = fn.args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) return `{\n${tableArgs.map((a) => `${q(a.name)}: ${tsOf(a.type_id)}`)}\n}`;
    const relation = [...tables, ...views].find((r) => r.id === fn.return_type_relation_id);
    if (relation)
      return `{\n${columnsOf
        .get(relation.id)!
        .map((c) => columnDef(c, false))
        .join(',\n')}\n}`;
    return tsOf(fn.return_type_id);
  };
  const returnWithSetof = (fn: Fn, ret: string): string => {
    let setof = '';
    const to = tableNameOf(fn.return_type_relation_id, fn.return_type_id);
    const returnsSetOfTable = fn.is_set_returning_function && fn.return_type_relation_id !== null;
    const many = fn.prorows !== null && fn.prorows > 1;
    if (to) setof = `SetofOptions: {\nfrom: "*"\nto: ${q(to)}\nisOneToOne: ${!many}\nisSetofReturn: ${fn.is_set_returning_function}\n}`;
    const source = fn.args.length === 1 ? relationTypes.get(fn.args[0]!.type_id) : undefined;
    if (source && to) {
      // the template's `relationType.format` (format_type): the bare name, public being on the search path
      const from = q(source.name);
      if (returnsSetOfTable) setof = `SetofOptions: {\nfrom: ${from}\nto: ${q(to)}\nisOneToOne: ${!many}\nisSetofReturn: true\n}`;
      else setof = `SetofOptions: {\nfrom: ${from}\nto: ${q(to)}\nisOneToOne: true\nisSetofReturn: false\n}`;
    }
    const collapsible = !many && to !== null;
    return `${ret}${fn.is_set_returning_function && !collapsible ? '[]' : ''}\n${setof}`;
  };
  const argsType = (inArgs: Arg[]) =>
    inArgs.length === 0 ? 'never' : `{ ${inArgs.map((a) => `${q(a.name)}${a.has_default ? '?' : ''}: ${tsOf(a.type_id)}`)} }`;
  const signatures = (list: { fn: Fn; inArgs: Arg[] }[]) =>
    list
      .map(({ fn, inArgs }) => {
        let ret = returnType(fn);
        const others = list.filter((o) => o.fn !== fn);
        let conflict: string | null = null;
        if (list.length > 1 && inArgs.length === 0) {
          const c = others.find((o) => o.inArgs.length === 1 && o.inArgs[0]!.name === '' && o.inArgs[0]!.has_default);
          if (c)
            conflict = `Could not choose the best candidate function between: ${schemaName}.${fn.name}(), ${schemaName}.${fn.name}( => ${typeName(c.fn.return_type_id) ?? 'unknown'}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
        }
        if (list.length > 1 && inArgs.length === 1 && inArgs[0]!.name !== '') {
          const cs = others.filter(
            (o) => o.inArgs.length === 1 && o.inArgs[0]!.name === inArgs[0]!.name && o.inArgs[0]!.type_id !== inArgs[0]!.type_id,
          );
          if (cs.length > 0) {
            const all = [{ fn, inArgs }, ...cs].sort((a, b) => (a.inArgs[0]?.type_id ?? 0) - (b.inArgs[0]?.type_id ?? 0));
            const names = all.map(
              (f) => `${schemaName}.${fn.name}(${f.inArgs.map((a) => `${a.name} => ${typeName(a.type_id) ?? 'unknown'}`).join(', ')})`,
            );
            conflict = `Could not choose the best candidate function between: ${names.join(', ')}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
          }
        }
        const tableRowError =
          inArgs.length === 1 &&
          inArgs[0]!.name === '' &&
          relationTypes.has(inArgs[0]!.type_id) &&
          !tableNameOf(fn.return_type_relation_id, fn.return_type_id);
        if (conflict) ret = `{ error: true } & ${q(conflict)}`;
        else if (tableRowError)
          ret = `{ error: true } & ${q(`the function ${schemaName}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
        return `{ Args: ${argsType(inArgs)}; Returns: ${returnWithSetof(fn, ret)} }`;
      })
      .join(' |\n');

  const relDef = (r: Relationship) =>
    `{\nforeignKeyName: ${q(r.foreign_key_name)}\ncolumns: ${q(r.columns)}\nisOneToOne: ${r.is_one_to_one}\nreferencedRelation: ${q(r.referenced_relation)}\nreferencedColumns: ${q(r.referenced_columns)}\n}`;
  const relsOf = (name: string) => relationships.filter((r) => r.relation === name).map(relDef);
  const computed = (name: string) =>
    fns.filter(({ fn }) => fn.argument_types === name).map(({ fn }) => `${q(fn.name)}: ${nullable(returnType(fn), true)}`);
  const never = (c: Column) => `${q(c.name)}?: never`;

  const tablesTs = tables.length
    ? tables.map((t) => {
        const cols = columnsOf.get(t.id)!;
        return `${q(t.name)}: {
Row: {
${[...cols.map((c) => columnDef(c, false)), ...computed(t.name)]}
}
Insert: {
${cols.map((c) => (c.identity_generation === 'ALWAYS' ? never(c) : columnDef(c, c.is_nullable || c.is_identity || c.has_default)))}
}
Update: {
${cols.map((c) => (c.identity_generation === 'ALWAYS' ? never(c) : columnDef(c, true)))}
}
Relationships: [
${relsOf(t.name)}
]
}`;
      })
    : '[_ in never]: never';
  const viewsTs = views.length
    ? views.map((v) => {
        const cols = columnsOf.get(v.id)!;
        const write = (c: Column) => (c.is_updatable ? columnDef({ ...c, is_nullable: true }, true) : never(c));
        return `${q(v.name)}: {
Row: {
${[...cols.map((c) => columnDef(c, false)), ...computed(v.name)]}
}
${v.is_updatable ? `Insert: {\n${cols.map(write)}\n}\nUpdate: {\n${cols.map(write)}\n}\n` : ''}Relationships: [
${relsOf(v.name)}
]
}`;
      })
    : '[_ in never]: never';
  const byName = new Map<string, { fn: Fn; inArgs: Arg[] }[]>();
  for (const f of fns) byName.set(f.fn.name, [...(byName.get(f.fn.name) ?? []), f]);
  for (const list of byName.values())
    list.sort((a, b) => cmp(a.fn.argument_types, b.fn.argument_types) || cmp(a.fn.return_type, b.fn.return_type));
  const functionsTs = fns.length
    ? [...byName].map(([name, list]) => `${q(name)}:\n${signatures(list)}`).join(',\n')
    : '[_ in never]: never';
  const enumsTs = enums.length ? enums.map((e) => `${q(e.name)}: ${e.enums.map((v) => q(v)).join('|')}`) : '[_ in never]: never';
  const compositesTs = composites.length
    ? composites.map((c) => `${q(c.name)}: {\n${c.attributes.map((a) => `${q(a.name)}: ${nullable(tsOf(a.type_id), true)}`)}\n}`)
    : '[_ in never]: never';

  const source = `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '${POSTGREST_VERSION}'
  }
  ${q(schemaName)}: {
Tables: {
${tablesTs}
}
Views: {
${viewsTs}
}
Functions: {
${functionsTs}
}
Enums: {
${enumsTs}
}
CompositeTypes: {
${compositesTs}
}
}
}
${HELPERS}
export const Constants = {
  ${q(schemaName)}: {
Enums: {
${enums.map((e) => `${q(e.name)}: [${e.enums.map((v) => q(v)).join(', ')}]`)}
}
}
} as const
`;
  return format(source, { parser: 'typescript', semi: false });
}

// The helper types as the template writes them (Prettier gives them their final layout).
const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never
`;

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
