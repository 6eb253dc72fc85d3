// The embedded driver the server uses: PGlite in a worker thread (docs/database.md, "PGlite: the worker thread").
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions, PgliteWasm } from './pglite.js';
import { DEFAULT_STATEMENT_TIMEOUTS } from '../statement-timeouts.js';
import {
  clearRunning,
  connectionTerminated,
  newWatchMemory,
  reachedDatabase,
  runningCall,
  statementCancelled,
  statementTimedOut,
} from './watchdog.js';
import { fromWire, type Begun, type WireError, type WorkerReply, type WorkerRequest } from './wire.js';
import type { Database, QueryResult, Queryable } from '../types.js';

/**
 * The worker's code: the built pglite-worker.js next to main.js (scripts/build-server.mjs makes worker.ts an entry of
 * its own), or, running from source (tsx, vitest), worker.ts loaded through tsx's require hook (Node 20 applies no
 * ESM loader hooks, the parent's `--import tsx` included, inside a worker thread).
 */
function workerSource(): { source: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { source: new URL('./pglite-worker.js', import.meta.url), eval: false };
  // Test runs only: the run's built server (server/test/support/server-bundle.ts) holds the same worker as plain
  // JavaScript; through tsx every worker compiled it and its imports again (~0.4 CPU s per database opened).
  const built = process.env.PGLITE_WORKER_JS;
  if (built && existsSync(built)) return { source: pathToFileURL(built), eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return { source: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`, eval: true };
}

let compiled: Promise<PgliteWasm | undefined> | undefined;
// The server's TypeScript libs declare WebAssembly's types but not its global value (a DOM lib declaration).
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process and handed to every worker: a worker left to compile its own
 * paid ~2.3 CPU seconds per database opened (V8 compiles and optimises the module again in each thread), which the
 * test suite, opening a database per server, paid hundreds of times. A module posted to a worker shares its code.
 * Undefined if the files are not where PGlite keeps them: the worker then compiles its own, as PGlite does.
 */
function pgliteWasm(): Promise<PgliteWasm | undefined> {
  compiled ??= (async () => {
    try {
      const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
      const compile = async (file: string) => wasmApi.compile(await readFile(path.join(dist, file)));
      const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
      return { pgliteWasmModule, initdbWasmModule };
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

/** How often the watchdog looks at the running statement, and how long a call whose client left may still run. */
const WATCHDOG_TICK_MS = 100;
const ABANDONED_GRACE_MS = 250;

export interface PgliteThreadOptions extends PgliteOptions {
  /** The bound of a call that names none (BatchOptions.timeoutMs): the server's own statements. */
  timeoutMs?: number;
}

interface Call {
  r: WorkerRequest;
  resolve(v: unknown): void;
  reject(e: Error): void;
  budgetMs: number;
  signal?: AbortSignal;
}

/**
 * Embedded PostgreSQL in a worker thread (issue 16): PGlite's WebAssembly backend runs on its own thread, so a
 * request's query overlaps other requests' HTTP parsing, JWT checks and JSON on the server's thread, where before
 * the two took turns on one core. Same Database contract as openPglite: the worker keeps PGlite's own ordering and
 * locks; an open transaction (transaction(), or a batch whose check must see the results before COMMIT) holds
 * PGlite's transaction lock in the worker until this side ends it. Errors come back with their fields (code,
 * detail, hint…). close() answers every request sent before it, then closes PGlite (its files are then complete).
 *
 * Time bounds (issue 38, docs/decisions/0110): PGlite never enforces statement_timeout and a running statement
 * cannot be interrupted from outside its thread, so a watchdog here ends the worker when the running call overruns
 * its bound (or its client left), then opens the files again (PostgreSQL's crash recovery: committed work stays,
 * the open transactions are rolled back). The runaway call fails with 57014; calls that had reached the database
 * (an open transaction's) fail with 57P01, retryable; calls that had not are sent to the new worker. In memory
 * (no `dir`) there is nothing to reopen, so there is no watchdog.
 */
export async function openPgliteThread(dir?: string, opts: PgliteThreadOptions = {}): Promise<Database> {
  const { source, eval: evaluate } = workerSource();
  const wasm = await pgliteWasm();
  const defaultBudgetMs = opts.timeoutMs ?? DEFAULT_STATEMENT_TIMEOUTS.DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS;
  const watch = newWatchMemory();
  const epoch = Date.now();
  const pending = new Map<number, Call>();
  let nextId = 1;
  let gone: Error | undefined;
  let worker!: Worker;
  /** Transactions numbered below this belonged to a worker that was ended: their calls fail with 57P01. */
  let txFloor = 1;
  /** While the worker restarts: the calls to send once it is ready. */
  let held: number[] | undefined;

  const failAll = (e: Error) => {
    gone ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };

  /** Starts a worker on the files; resolves once PGlite is open. Events of a worker that was replaced are ignored. */
  async function spawn(loadDataDir?: ArrayBuffer): Promise<void> {
    const w = new Worker(source, {
      eval: evaluate,
      workerData: { dir, loadDataDir, wasm, sharedBuffersMb: opts.sharedBuffersMb, watch, epoch, firstTx: txFloor },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    worker = w;
    const current = () => worker === w;
    let started: { resolve(): void; reject(e: Error): void } | undefined;
    const starting = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
    w.on('message', (m: WorkerReply | { ready: boolean; error?: WireError }) => {
      if (!current()) return;
      if ('ready' in m) return m.ready ? started?.resolve() : started?.reject(fromWire(m.error!));
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      // Idle, the worker does not keep the process alive (a tool that forgot close() still exits); busy, it does.
      if (pending.size === 0) w.unref();
      if (m.ok) p.resolve(m.value);
      else p.reject(fromWire(m.error));
    });
    w.on('error', (e) => {
      if (!current()) return;
      started?.reject(e);
      failAll(e);
    });
    w.on('exit', (code) => {
      if (!current()) return;
      const e = new Error(`PGlite worker exited with code ${code}`);
      started?.reject(e);
      failAll(e);
    });
    try {
      await starting;
    } catch (e) {
      await w.terminate();
      throw e;
    }
    started = undefined;
    if (pending.size === 0) w.unref();
  }

  const post = (id: number) => {
    const c = pending.get(id);
    if (c) worker.postMessage({ id, ...c.r });
  };

  /**
   * Ends the worker under the runaway call `culprit` and opens the files in a new one. Which of the other calls
   * reached the database is read from the shared memory: only those that did not are sent again, so none runs twice.
   */
  async function restart(culprit: number, error: Error) {
    held = [];
    txFloor = nextTxFloor(txFloor); // first: a caller told of the failure may call again in its transaction at once
    const again: number[] = [];
    for (const [id, c] of pending) {
      if (id === culprit) continue;
      if (reachedDatabase(watch, id) || (c.r as { tx?: number }).tx) {
        pending.delete(id);
        c.reject(connectionTerminated());
      } else again.push(id);
    }
    pending.get(culprit)?.reject(error);
    pending.delete(culprit);
    const old = worker;
    worker = undefined as unknown as Worker; // the old worker's events are no longer ours
    await old.terminate();
    clearRunning(watch);
    try {
      await spawn();
    } catch (e) {
      held = undefined;
      failAll(e as Error);
      return;
    }
    const queued = [...again, ...held].sort((a, b) => a - b);
    held = undefined;
    if (pending.size > 0) worker.ref();
    for (const id of queued) post(id);
  }

  /** Runs every WATCHDOG_TICK_MS, and at once when a caller gives up. */
  function watchdog() {
    if (!dir || held || gone) return;
    const running = runningCall(watch, epoch);
    const c = running && pending.get(running.id);
    if (!c || !running) return;
    if (running.ranMs > c.budgetMs) void restart(running.id, statementTimedOut());
    else if (c.signal?.aborted && running.ranMs > ABANDONED_GRACE_MS) void restart(running.id, statementCancelled());
  }
  const tick = setInterval(watchdog, WATCHDOG_TICK_MS);
  tick.unref();

  try {
    await spawn(opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined);
  } catch (e) {
    clearInterval(tick);
    throw e;
  }

  function call<T>(r: WorkerRequest, bound: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    if (gone) return Promise.reject(gone);
    const tx = (r as { tx?: number }).tx;
    if (tx && tx < txFloor) return Promise.reject(connectionTerminated());
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        r,
        resolve: resolve as (v: unknown) => void,
        reject,
        budgetMs: bound.timeoutMs ?? defaultBudgetMs,
        signal: bound.signal,
      });
      bound.signal?.addEventListener('abort', watchdog, { once: true });
      if (held) return void held.push(id);
      if (pending.size === 1) worker.ref();
      post(id);
    });
  }

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => call<QueryResult<T>>({ op: 'query', sql, params, tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });
  const end = (tx: number, commit: boolean) => call<void>({ op: 'end', tx, commit });

  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const { tx } = await call<Begun>({ op: 'begin' });
      let value;
      try {
        value = await fn(queryable(tx));
      } catch (e) {
        // A transaction ended by the watchdog is gone already (57P01): the caller hears its own error.
        await end(tx, false).catch(() => {});
        throw e;
      }
      await end(tx, true);
      return value;
    },
    async transactionBatch(statements, { check, commitWithStatements, timeoutMs, signal }) {
      if (commitWithStatements) {
        const results = await call<QueryResult[]>({ op: 'batch', statements }, { timeoutMs, signal });
        check?.(results);
        return results;
      }
      // The check sees the results before COMMIT: a throw rolls back.
      const { tx, results } = await call<Begun>({ op: 'begin', statements }, { timeoutMs, signal });
      try {
        check?.(results!);
      } catch (e) {
        await end(tx, false);
        throw e;
      }
      await end(tx, true);
      return results!;
    },
    async snapshot() {
      const { type, bytes } = await call<{ type: string; bytes: ArrayBuffer }>({ op: 'snapshot' });
      return new Blob([bytes], { type });
    },
    async close() {
      if (gone) return;
      clearInterval(tick);
      await call<void>({ op: 'close' });
      gone = new Error('The database is closed');
      await worker.terminate();
    },
  };
}

/** Each worker numbers its transactions from its own floor, so a number of an ended worker is never reused. */
const nextTxFloor = (floor: number) => floor + 1_000_000_000;
