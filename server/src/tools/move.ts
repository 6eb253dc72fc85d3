import pg from 'pg';
import { migrate } from '../db/migrate.js';
import { openPostgres } from '../db/postgres/postgres.js';
import type { Database, Queryable } from '../db/types.js';

/** Tables migrations create and fill themselves; everything else in a non-system schema is copied. */
const SKIP_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations'];
const BATCH = 1000;

export interface TableCheck {
  table: string;
  source: number;
  target: number;
  /** md5 over the rows' text (order-independent): the same on both sides when the copy is exact. */
  same: boolean;
}

export interface MoveReport {
  tables: TableCheck[];
  sequences: number;
  ms: number;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

async function userTables(db: Queryable): Promise<{ schema: string; name: string }[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname <> all($1::text[]) and n.nspname not like 'pg_%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1, 2`,
    [SKIP_SCHEMAS],
  );
  return rows;
}

/** Columns that can be written (not dropped, not generated), in table order. */
async function writableColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

/** Row count and an md5 over the rows' text, in UTC so timestamps print alike on both sides. */
async function fingerprint(db: Database, table: string): Promise<{ n: number; h: string }> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local timezone to 'UTC'`);
    const { rows } = await tx.query<{ n: number; h: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(x, '' order by x), '')) as h from (select md5(t::text) as x from ${table} t) s`,
    );
    return rows[0]!;
  });
}

export class MoveError extends Error {}

/**
 * Copies every table of the embedded database `source` into the empty PostgreSQL at `targetUrl`: the schema
 * from the same migrations, then the rows as they are (ids, password hashes, sessions, refresh tokens, waitlist
 * positions) with triggers and foreign-key checks off for the copy (session_replication_role = replica: the
 * rows were valid where they came from, and a trigger must not renumber a position), then every sequence.
 * One transaction on the target: a failed move leaves it as empty as it was (the schema aside). Verifies
 * row counts and a content fingerprint per table.
 */
export async function moveToPostgres(
  source: Database,
  targetUrl: string,
  progress: (line: string) => void = () => {},
): Promise<MoveReport> {
  const started = performance.now();
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ t: string }>(
      `select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_%'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        limit 5`,
    );
    if (rows.length)
      throw new MoveError(
        `The target database is not empty (it has ${rows.map((r) => r.t).join(', ')}${rows.length === 5 ? ', …' : ''}). Give an empty database.`,
      );
  } finally {
    await probe.end();
  }

  await migrate(source); // the source at this release's schema, so both sides match column for column
  const target = await openPostgres(targetUrl, 2);
  try {
    await migrate(target);
    const tables = (await userTables(source)).map((t) => `${q(t.schema)}.${q(t.name)}`);
    const targetTables = new Set((await userTables(target)).map((t) => `${q(t.schema)}.${q(t.name)}`));
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new MoveError(`The target lacks ${missing.join(', ')} after migrating: the two schemas differ.`);

    await target.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica; set local timezone to 'UTC'`);
      // Migrations may seed rows; the source's rows replace them.
      await tx.exec(`truncate ${tables.join(', ')}`);
      for (const table of tables) {
        const cols = (await writableColumns(source, table)).map(q).join(', ');
        let copied = 0;
        await source.transaction(async (src) => {
          await src.exec(`declare move_cur no scroll cursor for select row_to_json(r)::text as j from (select ${cols} from ${table}) r`);
          for (;;) {
            const { rows } = await src.query<{ j: string }>(`fetch ${BATCH} from move_cur`);
            if (!rows.length) break;
            await tx.query(
              `insert into ${table} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${table}, $1::json)`,
              [`[${rows.map((r) => r.j).join(',')}]`],
            );
            copied += rows.length;
          }
          await src.exec('close move_cur');
        });
        if (copied) progress(`copied ${table}: ${copied} rows`);
      }
    });

    const { rows: seqs } = await source.query<{ s: string; last_value: string | null }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as s, last_value::text from pg_sequences
        where schemaname <> all($1::text[])`,
      [SKIP_SCHEMAS],
    );
    for (const s of seqs) {
      if (s.last_value === null) continue; // never used: the target's fresh sequence is the same
      await target.query('select setval($1::regclass, $2::bigint, true)', [s.s, s.last_value]);
    }

    const checks: TableCheck[] = [];
    for (const table of tables) {
      const [a, b] = [await fingerprint(source, table), await fingerprint(target, table)];
      checks.push({ table, source: a.n, target: b.n, same: a.n === b.n && a.h === b.h });
    }
    return { tables: checks, sequences: seqs.length, ms: Math.round(performance.now() - started) };
  } finally {
    await target.close();
  }
}
