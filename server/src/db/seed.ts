import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Database } from './types.js';

/** How the Supabase CLI records seeds (`db push --include-seed`, `db reset`): one row per file, its sha256. */
const SEED_TABLE = `create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null)`;
const LOCK_ID = 724_514_002;

/**
 * Runs supabase/seed.sql (its rows skip what exists) when its hash is not the recorded one, in one transaction,
 * and records it as the CLI does, so `supabase db push --include-seed` and this server agree on what has run.
 * Answers whether it ran. No file, nothing to do.
 */
export async function applySeed(db: Database, file: string, recordedPath = 'supabase/seed.sql'): Promise<boolean> {
  if (!existsSync(file)) return false;
  const sql = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(sql).digest('hex');
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.exec(SEED_TABLE);
    const { rows } = await tx.query<{ hash: string }>('select hash from supabase_migrations.seed_files where path = $1', [recordedPath]);
    if (rows[0]?.hash === hash) return false;
    await tx.exec(sql);
    await tx.query(
      'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
      [recordedPath, hash],
    );
    return true;
  });
}
