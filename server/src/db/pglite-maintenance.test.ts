import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainPglite } from './pglite-maintenance.js';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

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
});
