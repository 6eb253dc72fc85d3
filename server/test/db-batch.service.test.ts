import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import { startTestServer, type TestServer } from './harness.js';

// Database.transactionBatch (issue 16): on PostgreSQL BEGIN, the statements and (for reads) COMMIT are pipelined in
// one round trip. It must keep transaction() semantics: order, local settings, rollback on any failure, and a
// connection that comes back clean to the pool.

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = t.server.ctx.db;
  await db.exec('create table public.batch_probe (v text not null)');
});
afterAll(() => t?.close());

const setLocal = { sql: `select set_config('request.batch_probe', $1, true) as v`, params: ['set'] };
const readLocal = { sql: `select current_setting('request.batch_probe', true) as v` };
const count = async () => Number((await db.query<{ n: string }>('select count(*) as n from public.batch_probe')).rows[0]!.n);

/** After every case: settings were transaction-local and no transaction is left open on any pooled connection. */
async function expectClean() {
  const rows = await Promise.all(Array.from({ length: 12 }, () => db.query<{ v: string | null }>(readLocal.sql)));
  for (const r of rows) expect(r.rows[0]!.v ?? '').toBe('');
}

describe.each([true, false])('transactionBatch (commitWithStatements: %s)', (commitWithStatements) => {
  it('runs the statements in order in one transaction and answers every result', async () => {
    const results = await db.transactionBatch([setLocal, readLocal, { sql: 'select $1::int + 1 as n', params: [41] }], {
      commitWithStatements,
    });
    expect(results.map((r) => r.rows[0])).toEqual([{ v: 'set' }, { v: 'set' }, { n: 42 }]);
    await expectClean();
  });

  it("fails with the failing statement's own error and commits nothing", async () => {
    const before = await count();
    const failing = db.transactionBatch([{ sql: `insert into public.batch_probe (v) values ('x')` }, { sql: 'select 1 / 0' }, readLocal], {
      commitWithStatements,
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await count()).toBe(before);
    await expectClean();
  });

  it('passes the results to check; a throw fails the call', async () => {
    const seen: unknown[] = [];
    const call = db.transactionBatch([setLocal, readLocal], {
      commitWithStatements,
      check: (results) => {
        seen.push(results[1]!.rows[0]);
        throw new Error('refused by check');
      },
    });
    await expect(call).rejects.toThrow('refused by check');
    expect(seen).toEqual([{ v: 'set' }]);
    await expectClean();
  });
});

describe('transactionBatch with COMMIT after check', () => {
  it('rolls a write back when check throws, and commits it otherwise', async () => {
    const before = await count();
    const insert = { sql: `insert into public.batch_probe (v) values ('kept?') returning v` };
    await expect(
      db.transactionBatch([insert], {
        commitWithStatements: false,
        check: () => {
          throw new Error('no');
        },
      }),
    ).rejects.toThrow('no');
    expect(await count()).toBe(before);
    await db.transactionBatch([insert], { commitWithStatements: false, check: (r) => expect(r[0]!.rows).toEqual([{ v: 'kept?' }]) });
    expect(await count()).toBe(before + 1);
  });
});

describe('read-only batches sent in the same turn (db/read-lane.ts on PostgreSQL)', () => {
  const read = (statements: Parameters<Database['transactionBatch']>[0]) =>
    db.transactionBatch(statements, { commitWithStatements: true, readOnly: true });
  const pid = { sql: 'select pg_backend_pid() as pid', name: 'batch_probe_pid' };

  it('share one connection, each its own transaction with its own settings and error', async () => {
    await read([pid]); // the named statement parsed on a connection first: a group only counts on names it has
    const [a, failing, b, c] = [
      read([setLocal, readLocal, pid]),
      read([setLocal, { sql: 'select 1 / 0' }]),
      read([readLocal, pid]),
      read([readLocal, { sql: 'select $1::int * 2 as n', params: [21] }, pid]),
    ];
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    const [ra, rb, rc] = await Promise.all([a, b, c]);
    expect(ra!.map((r) => r.rows[0])).toMatchObject([{ v: 'set' }, { v: 'set' }, {}]);
    // the setting of the batch before it on the same connection did not reach it, nor did the failure
    expect(rb![0]!.rows[0]!.v ?? '').toBe('');
    expect(rc!.slice(0, 2).map((r) => r.rows[0])).toEqual([{ v: rc![0]!.rows[0]!.v }, { n: 42 }]);
    expect(rc![0]!.rows[0]!.v ?? '').toBe('');
    const pids = new Set([ra![2]!, rb![1]!, rc![2]!].map((r) => r.rows[0]!.pid));
    expect(pids.size).toBe(1);
    await expectClean();
  });

  it('runs a batch whose named statement is new to the connection, and more batches than one group holds', async () => {
    const fresh = { sql: 'select $1::int as n', name: `batch_probe_fresh_${Date.now()}` };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => read([{ ...fresh, params: [i] }])));
    expect(results.map((r) => r[0]!.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await expectClean();
  });

  it('passes the results to check; a throw fails only that call', async () => {
    const refused = db.transactionBatch([readLocal], {
      commitWithStatements: true,
      readOnly: true,
      check: () => {
        throw new Error('refused by check');
      },
    });
    const other = read([{ sql: 'select 7 as n' }]);
    await expect(refused).rejects.toThrow('refused by check');
    expect((await other)[0]!.rows).toEqual([{ n: 7 }]);
  });
});
