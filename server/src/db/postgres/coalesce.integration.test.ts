import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoalescer } from './coalesce.js';

const url = process.env.TEST_DATABASE_URL;

/** Group commit (docs/decisions/0065, 0091): batches failing inside a group fail alone; the rest commit together. */
describe.skipIf(!url)('createCoalescer (PostgreSQL)', () => {
  let pool: pg.Pool;
  const table = `coalesce_probe_${process.pid}`;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2, pipeline: true } as pg.PoolConfig);
    await pool.query(`create table ${table} (id int primary key, at bigint not null default txid_current())`);
  });
  afterAll(async () => {
    await pool?.query(`drop table if exists ${table}`);
    await pool?.end();
  });

  const insert = (id: number) => [{ sql: `insert into ${table} (id) values ($1) returning id`, params: [id] }];
  const settle = (p: Promise<{ rows: Record<string, unknown>[] }[]>) =>
    p.then(
      (r) => r[0]!.rows[0]!.id as number,
      (e: { code?: string }) => e.code,
    );

  it('runs the batches queued behind a group as one transaction; failures in the middle and at the end fail alone', async () => {
    const c = createCoalescer(pool);
    // the first starts at once; the next six wait and form one group (ids 2 and 7 duplicate 1 and 3)
    const all = await Promise.all([1, 3, 1, 4, 5, 6, 3].map((id) => settle(c.run('probe', insert(id)))));
    expect(all).toEqual([1, 3, '23505', 4, 5, 6, '23505']);
    const { rows } = await pool.query<{ id: number; at: string }>(`select id, at from ${table} order by id`);
    expect(rows.map((r) => r.id)).toEqual([1, 3, 4, 5, 6]);
    expect(new Set(rows.slice(1).map((r) => r.at)).size).toBe(1); // 3, 4, 5 and 6 committed together
    const status = await settle(c.run('probe', insert(8)));
    expect(status).toBe(8);
  });

  it('fails every batch of a group whose transaction cannot commit, and each caller hears once', async () => {
    const c = createCoalescer(pool);
    await pool.query(`create table ${table}_d (id int primary key references ${table} (id) deferrable initially deferred)`);
    try {
      const sql = (id: number) => [{ sql: `insert into ${table}_d values ($1) returning id`, params: [id] }];
      const all = await Promise.all([settle(c.run('d', sql(1))), settle(c.run('d', sql(3))), settle(c.run('d', sql(999)))]);
      // the first commits alone; the second group's COMMIT fails on 999's deferred check, so 3 fails with it
      expect(all).toEqual([1, '23503', '23503']);
      expect((await pool.query(`select id from ${table}_d order by id`)).rows).toEqual([{ id: 1 }]);
    } finally {
      await pool.query(`drop table ${table}_d`);
    }
  });
});
