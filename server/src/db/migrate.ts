import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';
import { ACCEPTED_OLD_CHECKSUMS } from './accepted-checksums.js';
import { applySeed } from './seed.js';
import type { Database, Queryable } from './types.js';

export { MIGRATIONS_DIR };

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${file} failed: ${reason}`);
  }
}

/** An applied migration's file no longer matches what ran: the database and the code have diverged. */
export class MigrationChangedError extends MigrationError {
  constructor(file: string, recorded: string, now: string) {
    super(
      file,
      `the file changed after it was applied (checksum recorded ${recorded.slice(0, 12)}…, file now ${now.slice(0, 12)}…). ` +
        'Restore the file as it was and put the change in a new migration.',
    );
  }
}

const LOCK_ID = 724_514_001; // any constant: serialises start-up of several instances on one PostgreSQL

/** sha256 of the file's text with line endings normalised (a CRLF checkout is the same migration). */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/**
 * The Supabase CLI's reading of a migration file name (supabase/cli pkg/migration/file.go, migrateFilePattern
 * `^([0-9]+)_(.*)\.sql$`): the digits are the history row's `version`, the rest its `name`. Null when the name
 * does not fit, which the CLI would skip.
 */
export function migrationVersion(file: string): { version: string; name: string } | null {
  const m = /^([0-9]+)_(.*)\.sql$/.exec(file);
  return m ? { version: m[1]!, name: m[2]! } : null;
}

function versionOf(file: string): string {
  const v = migrationVersion(file);
  if (!v) throw new MigrationError(file, new Error('the file name must be <digits>_<name>.sql, as the Supabase CLI reads it'));
  return v.version;
}

/**
 * The CLI's history table (pkg/migration/history.go: version text primary key, statements text[], name text) plus
 * our applied_at and checksum. Rows an older release keyed by the whole file name ('0001_x.sql') are rekeyed in
 * place to the CLI's version and name, so `supabase migration list --db-url` matches them and nothing re-runs.
 */
async function ensureTable(db: Queryable) {
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
    alter table supabase_migrations.schema_migrations add column if not exists applied_at timestamptz not null default now();
    alter table supabase_migrations.schema_migrations add column if not exists checksum text;
    update supabase_migrations.schema_migrations old
       set name = substring(old.version from '^[0-9]+_(.*)\\.sql$'), version = substring(old.version from '^([0-9]+)_')
     where old.version ~ '^[0-9]+_.*\\.sql$'
       and not exists (select 1 from supabase_migrations.schema_migrations cli
                        where cli.version = substring(old.version from '^([0-9]+)_'))`);
}

/**
 * Applies supabase/migrations/*.sql in name order, each in its own transaction, then supabase/seed.sql when it
 * changed (seed.ts); returns the migration names applied. First checks every applied file against its recorded
 * checksum and refuses, naming the file, when one changed (installs from before checksums get theirs recorded here,
 * once; accepted-checksums.ts lists the earlier texts of seed-only edits).
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await ensureTable(tx);
  });
  const files = migrationFiles(dir);
  const fileOf = new Map(files.map((f) => [versionOf(f), f]));
  const sqlOf = new Map(files.map((f) => [versionOf(f), readFileSync(path.join(dir, f), 'utf8')]));
  if (fileOf.size !== files.length) throw new MigrationError(dir, new Error('two migration files share a version number'));

  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    const { rows } = await tx.query<{ version: string; checksum: string | null }>(
      'select version, checksum from supabase_migrations.schema_migrations',
    );
    for (const row of rows) {
      const sql = sqlOf.get(row.version);
      if (sql === undefined) continue; // applied by a newer release; this code does not know it
      const now = migrationChecksum(sql);
      // an install from before checksums, or one an earlier release of a seed-only edit applied: record today's
      if (row.checksum === null || (row.checksum !== now && ACCEPTED_OLD_CHECKSUMS[row.version]?.includes(row.checksum))) {
        await tx.query('update supabase_migrations.schema_migrations set checksum = $2 where version = $1', [row.version, now]);
      } else if (row.checksum !== now) {
        throw new MigrationChangedError(fileOf.get(row.version)!, row.checksum, now);
      }
    }
  });

  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = migrationVersion(file)!;
    const sql = sqlOf.get(version)!;
    try {
      const ran = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
        const seen = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
        if (seen.rowCount > 0) return false;
        await tx.exec(sql);
        // statements: the file whole, as one entry (we run a file as one script; the CLI splits it per statement).
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements, checksum) values ($1, $2, $3, $4)', [
          version,
          name,
          [sql],
          migrationChecksum(sql),
        ]);
        return true;
      });
      if (ran) applied.push(file);
    } catch (err) {
      throw new MigrationError(file, err);
    }
  }
  // supabase/seed.sql beside the migrations folder, as the CLI lays a project out
  const seed = path.join(dir, '..', 'seed.sql');
  try {
    await applySeed(db, seed);
  } catch (err) {
    throw new MigrationError('seed.sql', err);
  }
  return applied;
}

/** The files in `expected` not recorded as applied (readiness: this release's schema is there). */
export async function pendingMigrations(db: Queryable, expected: string[]): Promise<string[]> {
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  return expected.filter((f) => !done.has(migrationVersion(f)?.version ?? f));
}
