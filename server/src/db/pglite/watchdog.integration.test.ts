import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteThread } from './thread.js';

const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'pglite-watchdog-'));
  dirs.push(d);
  return path.join(d, 'pgdata');
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Back-references on 3,000 characters: minutes of PGlite's only backend (the cost grows with the cube of the length).
const HOSTILE = { sql: `select repeat('a', 3000) || 'b' ~ '(.+)\\1+$' as m` };
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('should fail'),
    (e: unknown) => e as Record<string, unknown>,
  );

// Issue 38: PGlite cannot enforce statement_timeout, so the watchdog ends the worker under a runaway statement.
describe('PGlite watchdog', () => {
  it(
    'cuts a statement off past its bound (57014), keeps committed work and runs the calls queued behind it',
    { timeout: 120_000 },
    async () => {
      const db = await openPgliteThread(folder(), { timeoutMs: 60_000, sharedBuffersMb: 16 });
      try {
        await db.exec('create table t (id int primary key)');
        await db.query('insert into t values (1)');
        const order: string[] = [];
        const hostile = failure(db.transactionBatch([HOSTILE], { commitWithStatements: true, timeoutMs: 300 })).finally(() =>
          order.push('hostile'),
        );
        const queued = db
          .transactionBatch([{ sql: 'select count(*)::int as n from t' }], { commitWithStatements: true })
          .finally(() => order.push('queued'));
        expect(await hostile).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
        expect((await queued)[0]!.rows).toEqual([{ n: 1 }]);
        expect(order).toEqual(['hostile', 'queued']);
        await db.query('insert into t values (2)');
        expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
      } finally {
        await db.close();
      }
    },
  );

  it('rolls back the transaction the runaway statement was in; its later calls fail with 57P01', { timeout: 120_000 }, async () => {
    const db = await openPgliteThread(folder(), { timeoutMs: 300, sharedBuffersMb: 16 });
    try {
      await db.exec('create table t (id int primary key)');
      let later: unknown;
      const inTx = failure(
        db.transaction(async (tx) => {
          await tx.query('insert into t values (1)');
          try {
            await tx.query(HOSTILE.sql);
          } finally {
            later = await failure(tx.query('select 1'));
          }
        }),
      );
      const behind = db.transactionBatch([{ sql: 'select count(*)::int as n from t' }], { commitWithStatements: true });
      expect(await inTx).toMatchObject({ code: '57014' });
      expect(later).toMatchObject({ code: '57P01' });
      expect((await behind)[0]!.rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('cancels a statement whose caller gave up (57014, user request); the next call is answered', { timeout: 120_000 }, async () => {
    const db = await openPgliteThread(folder(), { timeoutMs: 60_000, sharedBuffersMb: 16 });
    try {
      const gaveUp = new AbortController();
      const hostile = failure(db.transactionBatch([HOSTILE], { commitWithStatements: true, signal: gaveUp.signal }));
      gaveUp.abort();
      expect(await hostile).toMatchObject({ code: '57014', message: 'canceling statement due to user request' });
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('leaves a quick call whose caller gave up to finish', { timeout: 60_000 }, async () => {
    const db = await openPgliteThread(folder(), { timeoutMs: 60_000, sharedBuffersMb: 16 });
    try {
      const gaveUp = new AbortController();
      gaveUp.abort();
      const [r] = await db.transactionBatch([{ sql: 'select 1 as one' }], { commitWithStatements: true, signal: gaveUp.signal });
      expect(r!.rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
