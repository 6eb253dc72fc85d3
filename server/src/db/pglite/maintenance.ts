import type { Logger } from '../../log.js';
import type { Database } from '../types.js';

/** How often the tables are looked at: autovacuum's own default naptime is a minute. */
export const MAINTENANCE_EVERY_MS = 30_000;

/**
 * The statistics target the maintenance analyses with, for columns without one of their own: ANALYZE samples 300 rows
 * per unit, so 3,000 rows here instead of PostgreSQL's default 30,000. Every request waits behind an analyse on
 * PGlite's one backend, and its time grows with the sample: the security log's took 58 ms with 9,000 rows at the
 * default, stalling health's answers beside sign-ins every 30 s (docs/decisions/0108).
 */
export const MAINTENANCE_STATISTICS_TARGET = 10;

// Autovacuum's default thresholds: vacuum past 50 + 20 % dead rows, analyze past 50 + 10 % changed rows.
const DUE = `select format('%I.%I', schemaname, relname) as name, n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
  from pg_stat_all_tables
 where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')
   and (n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup)
 order by 1`;

/**
 * PGlite runs PostgreSQL as one backend without the autovacuum launcher: dead rows (the confirmation queue's deletes,
 * rotated refresh tokens, ended sessions) stay, so scans and index walks grow with every write ever made, and no
 * table is re-analysed, so the planner keeps the statistics of a near-empty table. Measured in the soak before this:
 * its p99 rose every minute, 11 ms to 40 ms over ten (docs/decisions/0103). This does autovacuum's job with its
 * thresholds. PGlite does not flush its activity counters by itself: they are flushed first, then read.
 */
export async function maintainPglite(db: Database): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  await db.query('select pg_stat_force_next_flush()');
  const due = await db.query<{ name: string; vacuum: boolean }>(DUE);
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of due.rows) {
    // Two shorter waits for the requests queued behind them rather than one long one.
    if (t.vacuum) await db.exec(`vacuum ${t.name}`);
    await db.transactionBatch(
      [{ sql: `set local default_statistics_target = ${MAINTENANCE_STATISTICS_TARGET}` }, { sql: `analyze ${t.name}` }],
      { commitWithStatements: true },
    );
    (t.vacuum ? vacuumed : analyzed).push(t.name);
  }
  return { vacuumed, analyzed };
}

/** Runs maintainPglite every `everyMs` (one run at a time) until the returned stop is called. */
export function startPgliteMaintenance(db: Database, log: Logger, everyMs = MAINTENANCE_EVERY_MS): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= maintainPglite(db)
      .then((r) => {
        if (r.vacuumed.length || r.analyzed.length) log.debug(r, 'database maintenance');
      })
      .catch((err: unknown) => log.warn({ err }, 'database maintenance failed'))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref(); // never what keeps the process alive
  return async () => {
    clearInterval(timer);
    await running; // the database is closed after this: not under a running vacuum
  };
}
