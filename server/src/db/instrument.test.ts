import { describe, expect, it } from 'vitest';
import { registry } from '../metrics.js';
import { instrument } from './instrument.js';
import type { Database, Queryable } from './types.js';

const count = async (series: string) => {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
};

describe('instrument', () => {
  it('times queries inside and around transactions, counts failures, and passes results and errors through', async () => {
    const inner: Queryable = {
      query: async <T>(sql: string) => {
        if (sql === 'bad') throw new Error('syntax error');
        return { rows: [{ sql }] as T[], rowCount: 1, fields: [] };
      },
      exec: async () => {},
    };
    const fake: Database = {
      kind: 'pglite',
      ...inner,
      transaction: (fn) => fn(inner),
      transactionBatch: async () => [],
      close: async () => {},
    };
    const db = instrument(fake);
    const before = await count('db_query_duration_seconds_count{driver="pglite",op="query"}');

    expect((await db.query('select 1')).rows).toEqual([{ sql: 'select 1' }]);
    await expect(db.query('bad')).rejects.toThrow('syntax error');
    expect(await db.transaction((tx) => tx.query('select 2').then((r) => r.rowCount))).toBe(1);

    expect(await count('db_query_duration_seconds_count{driver="pglite",op="query"}')).toBe(before + 3);
    expect(await count('db_query_duration_seconds_count{driver="pglite",op="transaction"}')).toBeGreaterThanOrEqual(1);
    expect(await count('db_query_errors_total{driver="pglite",op="query"}')).toBeGreaterThanOrEqual(1);
    expect(db.kind).toBe('pglite');
  });
});
