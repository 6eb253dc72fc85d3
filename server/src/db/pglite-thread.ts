import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions, PgliteWasm } from './pglite.js';
import { fromWire, type Begun, type WireError, type WorkerReply, type WorkerRequest } from './pglite-wire.js';
import type { Database, QueryResult, Queryable } from './types.js';

/**
 * The worker's code: the built pglite-worker.js next to this file (scripts/build-server.mjs makes it an entry of its
 * own), or, running from source (tsx, vitest), pglite-worker.ts loaded through tsx's require hook (Node 20 applies no
 * ESM loader hooks, the parent's `--import tsx` included, inside a worker thread).
 */
function workerSource(): { source: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { source: new URL('./pglite-worker.js', import.meta.url), eval: false };
  // Test runs only: the run's built server (server/test/support/server-bundle.ts) holds the same worker as plain
  // JavaScript; through tsx every worker compiled it and its imports again (~0.4 CPU s per database opened).
  const built = process.env.PGLITE_WORKER_JS;
  if (built && existsSync(built)) return { source: pathToFileURL(built), eval: false };
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./pglite-worker.ts', import.meta.url));
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

/**
 * Embedded PostgreSQL in a worker thread (issue 16): PGlite's WebAssembly backend runs on its own thread, so a
 * request's query overlaps other requests' HTTP parsing, JWT checks and JSON on the server's thread, where before
 * the two took turns on one core. Same Database contract as openPglite: the worker keeps PGlite's own ordering and
 * locks; an open transaction (transaction(), or a batch whose check must see the results before COMMIT) holds
 * PGlite's transaction lock in the worker until this side ends it. Errors come back with their fields (code,
 * detail, hint…). close() answers every request sent before it, then closes PGlite (its files are then complete).
 */
export async function openPgliteThread(dir?: string, opts: PgliteOptions = {}): Promise<Database> {
  const { source, eval: evaluate } = workerSource();
  const loadDataDir = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
  const wasm = await pgliteWasm();
  const worker = new Worker(source, {
    eval: evaluate,
    workerData: { dir, loadDataDir, wasm },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let gone: Error | undefined;

  const failAll = (e: Error) => {
    gone ??= e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };

  let started: { resolve(): void; reject(e: Error): void } | undefined;
  const starting = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
  worker.on('message', (m: WorkerReply | { ready: boolean; error?: WireError }) => {
    if ('ready' in m) return m.ready ? started?.resolve() : started?.reject(fromWire(m.error!));
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    // Idle, the worker does not keep the process alive (a tool that forgot close() still exits); busy, it does.
    if (pending.size === 0) worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(fromWire(m.error));
  });
  worker.on('error', (e) => {
    started?.reject(e);
    failAll(e);
  });
  worker.on('exit', (code) => {
    const e = new Error(`PGlite worker exited with code ${code}`);
    started?.reject(e);
    failAll(e);
  });
  try {
    await starting;
  } catch (e) {
    await worker.terminate();
    throw e;
  }
  started = undefined;
  worker.unref();

  function call<T>(r: WorkerRequest): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...r });
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
        await end(tx, false);
        throw e;
      }
      await end(tx, true);
      return value;
    },
    async transactionBatch(statements, { check, commitWithStatements }) {
      if (commitWithStatements) {
        const results = await call<QueryResult[]>({ op: 'batch', statements });
        check?.(results);
        return results;
      }
      // The check sees the results before COMMIT: a throw rolls back.
      const { tx, results } = await call<Begun>({ op: 'begin', statements });
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
      await call<void>({ op: 'close' });
      gone = new Error('The database is closed');
      await worker.terminate();
    },
  };
}
