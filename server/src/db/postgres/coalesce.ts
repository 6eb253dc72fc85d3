// Group commit, strategy 1 of the PostgreSQL driver's transactionBatch (docs/database.md).
import type pg from 'pg';
import { runOneSyncSettled } from './one-sync.js';
import type { BoundStatement, QueryResult } from '../types.js';

/**
 * Runs `submit` with the client's socket corked, so the pipelined queries it submits (node-postgres submits them
 * synchronously in pipeline mode) leave in one write instead of one per query.
 */
export function corked<T>(client: pg.PoolClient, submit: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  stream?.cork?.();
  try {
    return submit();
  } finally {
    stream?.uncork?.();
  }
}

/** A batch waiting for its group (here and in read-lane.ts), with its caller's promise to settle. */
export interface Waiting {
  statements: BoundStatement[];
  check?: (results: QueryResult[]) => void;
  resolve(results: QueryResult[]): void;
  reject(err: unknown): void;
}

/** Hands a batch its results once its check passes; a throwing check fails that batch alone. */
export function settle(w: Waiting, results: QueryResult[]): void {
  try {
    w.check?.(results);
    w.resolve(results);
  } catch (err) {
    w.reject(err);
  }
}

/** A pooled connection for a group of waiting batches, or undefined when there is none: then each has been rejected. */
export async function connectFor(pool: pg.Pool, group: readonly Waiting[]): Promise<pg.PoolClient | undefined> {
  try {
    return await pool.connect();
  } catch (err) {
    for (const w of group) w.reject(err);
    return undefined;
  }
}

/** Batches in one transaction at most; bounds how long one group holds its locks and how late its last caller hears. */
const MAX_GROUP = 64;

// Constant texts, prepared once per connection. One savepoint name serves every batch: each is released before the
// next is taken, so the only one alive after a failure is the failing batch's own.
const BEGIN: BoundStatement = { sql: 'begin', name: 'coalesce_begin' };
const SAVEPOINT: BoundStatement = { sql: 'savepoint coalesce_batch', name: 'coalesce_savepoint' };
const RELEASE: BoundStatement = { sql: 'release savepoint coalesce_batch', name: 'coalesce_release' };
const COMMIT: BoundStatement = { sql: 'commit', name: 'coalesce_commit' };

/**
 * Group commit in the server (docs/decisions/0065). Batches given the same lane while a group of that lane is in
 * flight wait, and then run together: one transaction, each batch in its own savepoint, one COMMIT, so one WAL
 * flush serves them all. A lane runs one group at a time; a batch arriving at an idle lane starts at once, so a
 * quiet server adds no delay. A batch that fails is rolled back to its savepoint and fails alone with its own
 * error; the batches behind it (skipped by the backend after the failure) run again. Each caller hears after the
 * COMMIT, with its own results, or with the COMMIT's error. Only for batches that see the
 * others' committed-in-order writes as a serial run would, and that reset every setting they make (the REST
 * preamble sets all of its settings each time).
 */
export function createCoalescer(pool: pg.Pool) {
  const lanes = new Map<string, { queue: Waiting[]; running: boolean }>();

  async function runGroup(items: Waiting[]) {
    const client = await connectFor(pool, items);
    if (!client) return;
    const done: [Waiting, QueryResult[]][] = [];
    let begun = false;
    let pending = items;
    try {
      // Each round is one exchange with one Sync (db/postgres/one-sync.ts): [BEGIN,] per batch SAVEPOINT, its statements,
      // RELEASE, then COMMIT. A failing statement makes the backend skip the rest up to the Sync, which leaves the
      // transaction open and aborted: its batch is rolled back to its savepoint and fails alone, and the next round
      // sends the batches behind it and the COMMIT again.
      for (;;) {
        const round = pending;
        const head = begun ? [] : [BEGIN];
        const statements = [...head, ...round.flatMap((item) => [SAVEPOINT, ...item.statements, RELEASE]), COMMIT];
        begun = true;
        const { results, failure } = await runOneSyncSettled(client, statements);
        const stop = failure ? failure.index : statements.length;
        // BEGIN or COMMIT failed: nothing of the group is committed
        if (failure && (stop < head.length || stop === statements.length - 1)) throw failure.error;
        let at = head.length;
        pending = [];
        for (let i = 0; i < round.length; i++) {
          const item = round[i]!;
          const end = at + item.statements.length + 2;
          if (end <= stop) {
            done.push([item, results.slice(at + 1, end - 1)]);
            at = end;
            continue;
          }
          if (stop === at) throw failure!.error; // its SAVEPOINT failed: the transaction's state is not known
          await client.query('rollback to savepoint coalesce_batch');
          item.reject(failure!.error);
          pending = round.slice(i + 1);
          break;
        }
        if (!failure) break;
      }
    } catch (err) {
      if (begun) await client.query('rollback').catch(() => {});
      // nothing of the group was committed: every batch not failed on its own fails with this error
      for (const item of items) item.reject(err);
      done.length = 0;
    } finally {
      client.release();
    }
    for (const [item, results] of done) settle(item, results);
  }

  function kick(lane: { queue: Waiting[]; running: boolean }) {
    lane.running = true;
    const group = lane.queue.splice(0, MAX_GROUP);
    void runGroup(group).finally(() => {
      if (lane.queue.length) kick(lane);
      else lane.running = false;
    });
  }

  return {
    /** Runs `statements` as one batch of `lane`'s next group; `check` sees its results after the COMMIT. */
    run(lane: string, statements: BoundStatement[], check?: (results: QueryResult[]) => void): Promise<QueryResult[]> {
      let state = lanes.get(lane);
      if (!state) lanes.set(lane, (state = { queue: [], running: false }));
      const queued = state;
      return new Promise((resolve, reject) => {
        queued.queue.push({ statements, check, resolve, reject });
        if (!queued.running) kick(queued);
      });
    },
  };
}
