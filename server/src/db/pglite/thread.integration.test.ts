import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import { MAX_PREPARED } from './exchange.js';
import { openPgliteThread } from './thread.js';

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
  dirs.push(d);
  return path.join(d, 'pgdata');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** PostgreSQL's buffer cache at 16 MB, as the test servers use it: each open takes half the CPU (decision 0207). */
const SMALL_CACHE = { sharedBuffersMb: 16 };

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('should fail'),
    (e: unknown) => e as Record<string, unknown>,
  );

// PGlite in a worker thread (issue 16) keeps the in-thread driver's contract: these run the same on both.
describe.each([
  ['in this thread', openPglite],
  ['in a worker thread', openPgliteThread],
])('PGlite %s', (_name, open) => {
  it('runs transactions, batches and errors as the Database contract says', { timeout: 60_000 }, async () => {
    const db = await open(undefined, SMALL_CACHE);
    try {
      await db.exec('create table t (id int primary key, v text, at timestamptz default now(), n int8 default 5)');
      const [row] = (await db.query<{ id: number; at: unknown; n: unknown }>('insert into t (id, v) values (1, $1) returning *', ['a']))
        .rows;
      expect(row).toMatchObject({ id: 1, n: '5' });
      expect(row!.at).toBeInstanceOf(Date);

      // transaction(): committed on return, rolled back on a throw (the caller's error comes back).
      await db.transaction(async (tx) => void (await tx.query('insert into t (id, v) values (2, $1)', ['b'])));
      const boom = new Error('boom');
      expect(
        await failure(db.transaction(async (tx) => (await tx.query('insert into t (id, v) values (3, $1)', ['c']), Promise.reject(boom)))),
      ).toBe(boom);

      // A database error keeps its fields, so the REST layer maps it as before.
      const dup = await failure(db.query('insert into t (id, v) values (1, $1)', ['dup']));
      expect(dup).toMatchObject({
        code: '23505',
        detail: 'Key (id)=(1) already exists.',
        message: 'duplicate key value violates unique constraint "t_pkey"',
      });

      // A committed batch: one exchange, results per statement; a failing statement commits nothing.
      const results = await db.transactionBatch(
        [
          { sql: "select set_config('app.x', $1, true) as x", params: ['on'] },
          { sql: "select current_setting('app.x') as x, count(*) from t" },
        ],
        { commitWithStatements: true },
      );
      expect(results.map((r) => r.rows)).toEqual([[{ x: 'on' }], [{ x: 'on', count: '2' }]]);
      const batchErr = await failure(
        db.transactionBatch(
          [
            { sql: 'insert into t (id, v) values (4, $1)', params: ['d'] },
            { sql: 'insert into t (id, v) values (1, $1)', params: ['e'] },
          ],
          { commitWithStatements: true },
        ),
      );
      expect(batchErr).toMatchObject({ code: '23505' });
      // A batch whose check throws before COMMIT is rolled back; non-text parameters take the per-statement path.
      await failure(
        db.transactionBatch([{ sql: 'insert into t (id, v, at) values (5, $1, $2)', params: ['f', new Date(0)] }], {
          commitWithStatements: false,
          check: () => {
            throw new Error('no');
          },
        }),
      );
      const kept = await db.transactionBatch([{ sql: 'insert into t (id, v) values (6, $1) returning id', params: ['g'] }], {
        commitWithStatements: false,
        check: (r) => expect(r[0]!.rowCount).toBe(1),
      });
      expect(kept[0]!.rows).toEqual([{ id: 6 }]);
      expect((await db.query('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 6 }]);
      // The transaction after the failures is a fresh one: nothing was left open or aborted.
      expect((await db.query("select current_setting('app.x', true) as x")).rows).toEqual([{ x: '' }]);
    } finally {
      await db.close();
    }
  });

  it(
    'prepares a named statement once, keeps only what the backend made, and bounds how many it holds, least recently used out first',
    { timeout: 60_000 },
    async () => {
      const db = await open(undefined, SMALL_CACHE);
      const held = async () =>
        (await db.query<{ name: string }>('select name from pg_prepared_statements order by prepare_time, name')).rows.map((r) => r.name);
      const batch = (statements: { sql: string; params?: string[]; name?: string }[]) =>
        db.transactionBatch(statements, { commitWithStatements: true });
      try {
        await db.exec('create table p (id int primary key, v text)');
        const insert = { sql: 'insert into p values ($1, $2) returning v', name: 'ins' };
        expect((await batch([{ ...insert, params: ['1', 'a'] }]))[0]!.rows).toEqual([{ v: 'a' }]);
        expect((await batch([{ ...insert, params: ['2', 'b'] }]))[0]!.rows).toEqual([{ v: 'b' }]); // bound, not parsed again
        expect(await held()).toEqual(['ins']);

        // A failing batch: the statement parsed before the failure is held, the one the backend skipped is not, and
        // both run next time (a Parse of a held name would fail with 42P05).
        const count = { sql: 'select count(*) as n from p', name: 'count' };
        const skipped = { sql: 'select v from p where id = $1', params: ['1'], name: 'skipped' };
        expect(await failure(batch([count, { ...insert, params: ['1', 'dup'] }, skipped]))).toMatchObject({ code: '23505' });
        expect(await held()).toEqual(['ins', 'count']);
        expect((await batch([count, skipped])).map((r) => r.rows)).toEqual([[{ n: '2' }], [{ v: 'a' }]]);

        // A named statement whose result columns changed under it fails as PostgreSQL's would (rest/execute.ts retries).
        await db.exec('alter table p alter column v type int using length(v)');
        expect(await failure(batch([{ ...skipped }]))).toMatchObject({ code: '0A000' });

        // Beyond MAX_PREPARED the oldest are closed.
        const many = Array.from({ length: MAX_PREPARED }, (_, i) => ({ sql: `select ${i} as i`, name: `m${i}` }));
        await batch(many);
        await batch([{ sql: 'select 1 as one', name: 'one' }, count]);
        const now = await held();
        expect(now).toHaveLength(MAX_PREPARED);
        expect(now).toEqual(expect.arrayContaining(['one', 'count', `m${MAX_PREPARED - 1}`]));
        expect(now).not.toContain('ins');
        // The least recently used go, never one the exchange binds: m2 is the oldest held, and is used again here.
        expect(
          (
            await batch([
              { sql: 'select 2 as i', name: 'm2' },
              { sql: 'select 2 as two', name: 'two' },
            ])
          ).map((r) => r.rows),
        ).toEqual([[{ i: 2 }], [{ two: 2 }]]);
        expect(await held()).toEqual(expect.arrayContaining(['m2', 'two']));
        expect(await held()).not.toContain('m3');
      } finally {
        await db.close();
      }
    },
  );

  it('answers every write sent before close, and the files hold them', { timeout: 60_000 }, async () => {
    const dir = folder();
    const db = await open(dir, SMALL_CACHE);
    await db.exec('create table w (id int primary key)');
    const writes = Array.from({ length: 20 }, (_, i) => db.query('insert into w values ($1)', [String(i)]));
    await db.close();
    await Promise.all(writes);
    const again = await open(dir, SMALL_CACHE);
    try {
      expect((await again.query('select count(*) as n from w')).rows).toEqual([{ n: '20' }]);
      const snap = await again.snapshot!();
      expect(snap.size).toBeGreaterThan(1000);
    } finally {
      await again.close();
    }
  });
});
