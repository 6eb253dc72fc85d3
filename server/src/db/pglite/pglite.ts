// PGlite in this thread (tools, tests, and the worker itself); batches and the PGlite internals they use:
// docs/database.md, "PGlite: the worker thread".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runExchange, textParamsOnly } from './exchange.js';
import type { BoundStatement, Database, QueryResult, Queryable } from '../types.js';

// node-postgres hands int8 and numeric back as strings; PGlite is told to do the same so both drivers agree.
const parsers = { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v };

export function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
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

export interface PgliteOptions {
  /** A snapshot (from snapshot()) to create an empty `dir` from (restore). */
  loadDataDir?: Blob;
  /** PGlite's WebAssembly already compiled (thread.ts compiles it once per process for all its workers). */
  wasm?: PgliteWasm;
  /**
   * shared_buffers in MB (PostgreSQL's default: 128). PGlite sets up the whole cache when it opens: at 16 MB a
   * database opens in about half the CPU time (PGLITE_SHARED_BUFFERS_MB, docs/decisions/0207).
   */
  sharedBuffersMb?: number;
}

export interface PgliteWasm {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
}

/** The PGlite instance itself, `dir` undefined = in memory (the worker thread holds it: thread.ts). */
export function createPglite(dir?: string, opts: PgliteOptions = {}): Promise<PGlite> {
  const loadDataDir = opts.loadDataDir ?? initdbSnapshot(dir);
  // pg_trgm: the CRM's contact search (docs/crm.md) uses its trigram index, as on PostgreSQL (contrib there)
  return PGlite.create(dir ?? 'memory://', {
    parsers,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(opts.sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffersMb}MB`] } : {}),
    ...opts.wasm,
  });
}

const BEGIN: BoundStatement = { sql: 'BEGIN' };
const COMMIT: BoundStatement = { sql: 'COMMIT' };
const ROLLBACK: BoundStatement = { sql: 'ROLLBACK' };

/** `statements` inside the open transaction `tx`: one exchange when the parameters allow it, else one query each. */
export async function statementsIn(pg: PGlite, tx: Transaction, statements: BoundStatement[]): Promise<QueryResult[]> {
  if (textParamsOnly(statements)) return pg.runExclusive(() => runExchange(pg, statements, { syncToFs: false }));
  const q = wrap(tx);
  const results: QueryResult[] = [];
  for (const s of statements) results.push(await q.query(s.sql, s.params));
  return results;
}

/**
 * BEGIN, `statements`, COMMIT in one exchange under both of PGlite's locks (what transaction() holds). A failure
 * leaves the explicit transaction aborted (the backend skipped the rest, COMMIT included): ROLLBACK, then throw.
 */
async function committedBatch(pg: PGlite, statements: BoundStatement[]): Promise<QueryResult[]> {
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      try {
        return (await runExchange(pg, [BEGIN, ...statements, COMMIT], { syncToFs: true })).slice(1, -1);
      } catch (e) {
        await runExchange(pg, [ROLLBACK], { syncToFs: true });
        throw e;
      }
    }),
  );
}

/** The Database over one PGlite instance, in this thread. */
export function pgliteDatabase(pg: PGlite): Database {
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    transactionBatch: async (statements, { check, commitWithStatements }) => {
      if (commitWithStatements && textParamsOnly(statements)) {
        const results = await committedBatch(pg, statements);
        check?.(results);
        return results;
      }
      // The check runs inside the transaction: a throw rolls back.
      return pg.transaction(async (tx) => {
        const results = await statementsIn(pg, tx, statements);
        check?.(results);
        return results;
      });
    },
    // Inside a transaction: no other transaction is half-way (PGlite runs one at a time), and the dump holds the
    // query lock, so the files are a crash-consistent image as of the last commit.
    snapshot: () => pg.transaction(() => pg.dumpDataDir('gzip')),
    close: () => pg.close(),
  };
}

/**
 * Embedded PostgreSQL (WebAssembly) in this thread; `dir` undefined = in memory. PGlite serialises all queries itself.
 * The server runs it in a worker thread instead (openPgliteThread); this is for tools, tests and the worker itself.
 */
export async function openPglite(dir?: string, opts: PgliteOptions = {}): Promise<Database> {
  return pgliteDatabase(await createPglite(dir, opts));
}
