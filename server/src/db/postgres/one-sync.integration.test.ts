import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOneSync, runOneSyncSettled } from './one-sync.js';

const url = process.env.TEST_DATABASE_URL;

/** Several statements, one Sync (issue 16): the transaction, error and prepared-name behaviour transactionBatch relies on. */
describe.skipIf(!url)('runOneSync (PostgreSQL)', () => {
  let pool: pg.Pool;
  let client: pg.PoolClient;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, pipeline: true } as pg.PoolConfig);
    client = await pool.connect();
    await client.query('create temp table one_sync_probe (id int primary key)');
  });
  afterAll(async () => {
    client?.release();
    await pool?.end();
  });

  const status = () => (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus();

  it('runs the statements in one transaction: local settings last until the Sync and not beyond', async () => {
    const results = await runOneSync(client, [
      { sql: "select set_config('one_sync.probe', $1, true) as v", params: ['x'] },
      { sql: "select current_setting('one_sync.probe', true) as v, now() = statement_timestamp() as first, txid_current() as xid" },
      { sql: 'select txid_current() as xid' },
    ]);
    expect(results.map((r) => r.rows[0]!.v)).toEqual(['x', 'x', undefined]);
    expect(results[1]!.rows[0]!.xid).toBe(results[2]!.rows[0]!.xid);
    expect(status()).toBe('I');
    const after = await client.query("select coalesce(current_setting('one_sync.probe', true), '') as v");
    expect(after.rows[0].v).toBe('');
  });

  it("fails with the failing statement's own error, rolls back what ran before it, and leaves the connection idle", async () => {
    const failing = runOneSync(client, [
      { sql: 'insert into one_sync_probe values ($1) returning id', params: [1] },
      { sql: 'select 1 / $1::int as x', params: [0] },
      { sql: 'insert into one_sync_probe values ($1) returning id', params: [2] },
    ]);
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(status()).toBe('I');
    expect((await client.query('select count(*)::int as n from one_sync_probe')).rows[0].n).toBe(0);
  });

  it('parses a named statement once per connection, and again after a batch that failed before reaching it', async () => {
    const conn = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    const a = { sql: 'select $1::int + 1 as v', name: 'one_sync_a' };
    const bad = { sql: 'select 1 / $1::int as v', name: 'one_sync_bad' };
    const c = { sql: 'select $1::text as v', name: 'one_sync_c' };
    await expect(
      runOneSync(client, [
        { ...a, params: [1] },
        { ...bad, params: [0] },
        { ...c, params: ['never'] },
      ]),
    ).rejects.toMatchObject({ code: '22012' });
    expect(conn.parsedStatements.one_sync_a).toBe(a.sql);
    expect(conn.parsedStatements.one_sync_c).toBeUndefined();
    // a was parsed (not sent again), bad was parsed before it failed at execution, c is parsed now
    const ok = await runOneSync(client, [
      { ...a, params: [2] },
      { ...bad, params: [1] },
      { ...c, params: ['now'] },
    ]);
    expect(ok.map((r) => r.rows[0]!.v)).toEqual([3, 1, 'now']);
    expect(conn.parsedStatements.one_sync_c).toBe(c.sql);
    // a name used for another text is refused before anything is sent
    await expect(runOneSync(client, [{ sql: 'select 2', name: 'one_sync_a' }])).rejects.toThrow(/Prepared statements must be unique/);
    expect((await runOneSync(client, [{ ...a, params: [5] }]))[0]!.rows[0]!.v).toBe(6);
  });

  it('maps parameters and parses results as node-postgres does, one result per statement', async () => {
    const when = new Date('2026-01-02T03:04:05.678Z');
    const [r, none] = await runOneSync(client, [
      { sql: 'select $1::timestamptz as t, $2::jsonb as j, $3::int[] as a, $4::text as n', params: [when, { k: [1] }, [1, 2], null] },
      { sql: 'select 1 as x where false' },
    ]);
    expect(r!.rows[0]).toEqual({ t: when, j: { k: [1] }, a: [1, 2], n: null });
    expect(r!.fields.map((f) => f.name)).toEqual(['t', 'j', 'a', 'n']);
    expect(none!.rows).toEqual([]);
    expect(none!.rowCount).toBe(0);
  });

  it('answers concurrent batches on one pipelined connection in order', async () => {
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runOneSync(client, [
          { sql: 'select $1::int as v', params: [i], name: 'one_sync_v' },
          ...(i % 5 === 3 ? [{ sql: 'select 1 / 0' }] : []),
        ]).then(
          (r) => r[0]!.rows[0]!.v as number,
          (e: { code?: string }) => e.code,
        ),
      ),
    );
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => (i % 5 === 3 ? '22012' : i)));
    expect(status()).toBe('I');
  });

  it('settled: tells the failing index and the results before it, and an explicit transaction stays open and aborted', async () => {
    const outcome = await runOneSyncSettled(client, [
      { sql: 'begin' },
      { sql: 'select $1::int as v', params: [7] },
      { sql: 'insert into one_sync_probe values ($1) returning id', params: [9] },
      { sql: 'select 1 / $1::int as v', params: [0] },
      { sql: 'select 2 as v' },
      { sql: 'commit' },
    ]);
    expect(outcome.failure?.index).toBe(3);
    expect(outcome.failure?.error).toMatchObject({ code: '22012' });
    expect(outcome.results.map((r) => r.rows[0]?.v ?? r.rows[0]?.id)).toEqual([undefined, 7, 9]);
    // node-postgres answers at the error and reads the status from the ReadyForQuery after it, which a busy machine
    // can deliver a moment later
    await vi.waitFor(() => expect(status()).toBe('E'));
    await client.query('rollback');
    expect((await client.query('select count(*)::int as n from one_sync_probe')).rows[0].n).toBe(0);
    const ok = await runOneSyncSettled(client, [{ sql: 'select 1 as v' }, { sql: 'select 2 as v' }]);
    expect(ok).toEqual({ results: [expect.objectContaining({ rows: [{ v: 1 }] }), expect.objectContaining({ rows: [{ v: 2 }] })] });
  });
});
