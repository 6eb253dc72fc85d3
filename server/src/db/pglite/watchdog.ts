import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * What the PGlite worker tells its watchdog on the server's thread, through shared memory (issue 38,
 * docs/decisions/0110): PGlite runs a statement as one synchronous call into its WebAssembly, which no timer, signal
 * or message can reach (statement_timeout is never enforced there), so only the other thread can see it overrun.
 * Layout (Int32): the call running now (0: none), when it started (ms since `epoch`), then a ring of the calls that
 * reached the database (slot id % RING holds id): a call not found there never ran and may be sent again.
 */
const RUNNING = 0;
const STARTED = 1;
const RING = 4096;
const SIZE = 2 + RING;

export const newWatchMemory = () => new Int32Array(new SharedArrayBuffer(4 * SIZE));

/** Worker side: the call (its id from the server's thread) each message is handled for. */
export const currentCall = new AsyncLocalStorage<number>();

/**
 * Worker side: every exchange with the backend (PGlite's query(), exec(), transaction() and our runExchange all end in
 * execProtocolRawSync) marks which call it runs for and since when. The call id comes from currentCall, which follows
 * a handler through PGlite's locks (an await resumes in the awaiting call's context).
 */
export function reportExchanges(pg: PGlite, watch: Int32Array, epoch: number): void {
  const raw = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (message: Uint8Array) => {
    const id = currentCall.getStore() ?? 0;
    if (id) Atomics.store(watch, 2 + (id % RING), id);
    Atomics.store(watch, STARTED, Date.now() - epoch);
    Atomics.store(watch, RUNNING, id);
    try {
      return raw(message);
    } finally {
      Atomics.store(watch, RUNNING, 0);
    }
  };
}

/** Server side: the call whose exchange is running now and for how long, or undefined. */
export function runningCall(watch: Int32Array, epoch: number): { id: number; ranMs: number } | undefined {
  const id = Atomics.load(watch, RUNNING);
  return id ? { id, ranMs: Date.now() - epoch - Atomics.load(watch, STARTED) } : undefined;
}

/** Server side: whether call `id` ever reached the database (then it must not be sent again). */
export const reachedDatabase = (watch: Int32Array, id: number) => Atomics.load(watch, 2 + (id % RING)) === id;

export const clearRunning = (watch: Int32Array) => Atomics.store(watch, RUNNING, 0);

/** An error as PostgreSQL words it, with its SQLSTATE (rest/errors.ts maps it). */
function sqlError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

/** The runaway statement itself, as PostgreSQL cancels one (57014, HTTP 500 through /rest/v1). */
export const statementTimedOut = () => sqlError('57014', 'canceling statement due to statement timeout');
export const statementCancelled = () => sqlError('57014', 'canceling statement due to user request');
/** A call that had reached the database when it was restarted (its transaction is gone): 57P01, 503, retry it. */
export const connectionTerminated = () => sqlError('57P01', 'terminating connection due to administrator command');
