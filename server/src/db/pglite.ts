import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable } from './types.js';

// node-postgres hands int8 and numeric back as strings; PGlite is told to do the same so both drivers agree.
const parsers = { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v };

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length, fields: r.fields };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/**
 * Test runs only (docs/decisions/0057): PGLITE_INITDB_SNAPSHOT names a tar of a just-initialised, empty cluster
 * (server/test/support/pglite-snapshot.ts builds it). A new cluster (in memory, or a folder without PG_VERSION) is
 * unpacked from it instead of running initdb, which costs PGlite about 6 CPU seconds each time. Unset: initdb.
 */
function initdbSnapshot(dir: string | undefined): Blob | undefined {
  const file = process.env.PGLITE_INITDB_SNAPSHOT;
  if (!file || !existsSync(file)) return undefined;
  if (dir && existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(file)]);
}

/**
 * Embedded PostgreSQL (WebAssembly); `dir` undefined = in memory. PGlite serialises all queries itself.
 * `loadDataDir`: a snapshot (from snapshot()) to create an empty `dir` from (restore).
 */
export async function openPglite(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const loadDataDir = opts.loadDataDir ?? initdbSnapshot(dir);
  const pg = await PGlite.create(dir ?? 'memory://', { parsers, ...(loadDataDir ? { loadDataDir } : {}) });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // In-process, so nothing to pipeline: the statements and the check run inside one transaction, a throw rolls back.
    transactionBatch: (statements, { check }) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        const results: QueryResult[] = [];
        for (const s of statements) results.push(await q.query(s.sql, s.params));
        check?.(results);
        return results;
      }),
    // Inside a transaction: no other transaction is half-way (PGlite runs one at a time), and the dump holds the
    // query lock, so the files are a crash-consistent image as of the last commit.
    snapshot: () => pg.transaction(() => pg.dumpDataDir('gzip')),
    close: () => pg.close(),
  };
}
