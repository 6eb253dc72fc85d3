import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_STATISTICS_TARGET, maintainPglite } from './maintenance.js';
import { openPglite } from './pglite.js';
import type { Database } from '../types.js';

const deadRows = async (db: Database) =>
  (await db.query<{ n: string }>(`select n_dead_tup::text as n from pg_stat_all_tables where relname = 'queue'`)).rows[0]!.n;

describe('maintainPglite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec('create table public.queue (id int primary key, queued_at timestamptz not null default now())');
    await db.exec('create table public.quiet (id int primary key)');
    await db.exec('insert into public.quiet values (1)');
    await maintainPglite(db); // the tables as they start: analysed once
  }, 60_000);
  afterAll(() => db?.close());

  it('vacuums a table whose deleted rows pass the threshold, and leaves the others alone', async () => {
    await db.exec('insert into public.queue (id) select g from generate_series(1, 1000) g');
    await db.exec('delete from public.queue where id > 100');
    const r = await maintainPglite(db);
    expect(r.vacuumed).toEqual(['public.queue']);
    expect(r.analyzed).not.toContain('public.quiet');
    await db.query('select pg_stat_force_next_flush()');
    expect(await deadRows(db)).toBe('0');
  });

  it('analyses a table that grew without dead rows, and then finds nothing to do', async () => {
    await db.exec('insert into public.queue (id) select g from generate_series(1001, 3000) g');
    const r = await maintainPglite(db);
    expect(r).toEqual({ vacuumed: [], analyzed: ['public.queue'] });
    expect(await maintainPglite(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('analyses from a bounded sample, except for columns with a statistics target of their own', async () => {
    await db.exec('create table public.wide (id int primary key, note text, kept text)');
    await db.exec('alter table public.wide alter column kept set statistics 50');
    await db.exec(`insert into public.wide select g, 'note ' || g, 'kept ' || g from generate_series(1, 5000) g`);
    expect((await maintainPglite(db)).analyzed).toContain('public.wide');
    const bounds = await db.query<{ attname: string; n: number }>(
      `select attname, array_length(histogram_bounds::text::text[], 1) as n from pg_stats where tablename = 'wide' order by attname`,
    );
    // A histogram has target + 1 bounds: PostgreSQL's default target (100) would give 101 for id and note.
    expect(bounds.rows).toEqual([
      { attname: 'id', n: MAINTENANCE_STATISTICS_TARGET + 1 },
      { attname: 'kept', n: 51 },
      { attname: 'note', n: MAINTENANCE_STATISTICS_TARGET + 1 },
    ]);
    // The setting was local to the analyse: the one session PGlite has keeps PostgreSQL's default.
    expect((await db.query<{ t: string }>(`select current_setting('default_statistics_target') as t`)).rows[0]!.t).toBe('100');
  });
});
