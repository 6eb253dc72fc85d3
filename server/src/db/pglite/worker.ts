// The PGlite worker thread (thread.ts starts it): the WebAssembly PostgreSQL runs here, so its work overlaps
// the server thread's HTTP, JWT and JSON work on another core (issue 16). Answers requests in the order PGlite's own
// locks give, exactly as it would in the server's thread.
// The whole path: docs/database.md, "PGlite: the worker thread".
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, pgliteDatabase, statementsIn, wrap, type PgliteWasm } from './pglite.js';
import { currentCall, reportExchanges } from './watchdog.js';
import { toWire, type Begun, type WorkerRequest } from './wire.js';
import type { Database, Queryable, QueryResult } from '../types.js';

interface Open {
  q: Queryable;
  end(commit: boolean): void;
  done: Promise<unknown>;
}

const port = parentPort!;
const { dir, loadDataDir, wasm, sharedBuffersMb, watch, epoch, firstTx } = workerData as {
  dir?: string;
  loadDataDir?: ArrayBuffer;
  wasm?: PgliteWasm;
  sharedBuffersMb?: number;
  /** The watchdog's shared memory (watchdog.ts) and its time origin. */
  watch: Int32Array;
  epoch: number;
  /** Transaction numbers are never reused by the database thread restarted after a runaway statement. */
  firstTx: number;
};

class Rollback extends Error {}

async function serve(pg: PGlite, db: Database) {
  const open = new Map<number, Open>();
  const inFlight = new Set<Promise<unknown>>();
  let nextTx = firstTx;

  // BEGIN (and the statements in it), then hold PGlite's transaction lock until `end` says commit or roll back.
  async function begin(statements: WorkerRequest & { op: 'begin' }): Promise<Begun> {
    const tx = nextTx++;
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    let ready!: (b: { q: Queryable; results?: QueryResult[] }) => void;
    const opened = new Promise<{ q: Queryable; results?: QueryResult[] }>((resolve) => (ready = resolve));
    const done = pg.transaction(async (t) => {
      const results = statements.statements ? await statementsIn(pg, t, statements.statements) : undefined;
      ready({ q: wrap(t), results });
      if (!(await ended)) throw new Rollback();
    });
    // BEGIN or a statement failed: `done` rejects (after ROLLBACK) before `opened` resolves.
    const { q, results } = await Promise.race([opened, done.then(() => Promise.reject(new Error('transaction ended early')))]);
    open.set(tx, { q, end, done: done.catch((e) => (e instanceof Rollback ? undefined : Promise.reject(e))) });
    return { tx, results };
  }

  function inTx(tx: number): Queryable {
    const o = open.get(tx);
    if (!o) throw new Error('Transaction is closed');
    return o.q;
  }

  async function handle(r: WorkerRequest): Promise<unknown> {
    switch (r.op) {
      case 'query':
        return (r.tx ? inTx(r.tx) : db).query(r.sql, r.params);
      case 'exec':
        return (r.tx ? inTx(r.tx) : db).exec(r.sql);
      case 'batch':
        return db.transactionBatch(r.statements, { commitWithStatements: true });
      case 'begin':
        return begin(r);
      case 'end': {
        const o = open.get(r.tx);
        if (!o) throw new Error('Transaction is closed');
        open.delete(r.tx);
        o.end(r.commit);
        await o.done;
        return undefined;
      }
      case 'snapshot': {
        const blob = await db.snapshot!();
        return { type: blob.type, bytes: await blob.arrayBuffer() };
      }
      case 'close':
        // Every request received before the close is answered first: no write that was asked for is lost.
        await Promise.allSettled([...inFlight]);
        await db.close();
        return undefined;
    }
  }

  port.on('message', ({ id, ...r }: WorkerRequest & { id: number }) => {
    const p = currentCall
      .run(id, () => handle(r))
      .then(
        (value) => {
          const bytes = r.op === 'snapshot' ? [(value as { bytes: ArrayBuffer }).bytes] : [];
          port.postMessage({ id, ok: true, value }, bytes);
        },
        (e: unknown) => port.postMessage({ id, ok: false, error: toWire(e) }),
      );
    if (r.op !== 'close') {
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    } else void p.finally(() => port.close());
  });
}

// No top-level await: from source this file is loaded through tsx's CommonJS hook (thread.ts).
createPglite(dir, { wasm, sharedBuffersMb, ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}) })
  .then((pg) => {
    reportExchanges(pg, watch, epoch);
    return serve(pg, pgliteDatabase(pg));
  })
  .then(
    () => port.postMessage({ ready: true }),
    (e: unknown) => port.postMessage({ ready: false, error: toWire(e) }),
  );
