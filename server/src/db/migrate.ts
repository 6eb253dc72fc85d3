import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './types.js';

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

const LOCK_ID = 724_514_001; // any constant: serialises start-up of several instances on one PostgreSQL

/** Applies supabase/migrations/*.sql in name order, each in its own transaction; returns the names applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    try {
      const ran = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
        const seen = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [file]);
        if (seen.rowCount > 0) return false;
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version) values ($1)', [file]);
        return true;
      });
      if (ran) applied.push(file);
    } catch (err) {
      throw new MigrationError(file, err);
    }
  }
  return applied;
}
