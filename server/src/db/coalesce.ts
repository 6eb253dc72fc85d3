import type pg from 'pg';
import type { BoundStatement, QueryResult } from './types.js';

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

export const toResult = <T = Record<string, unknown>>(r: pg.QueryResult): QueryResult<T> => ({
  rows: r.rows as T[],
  rowCount: r.rowCount ?? r.rows.length,
  fields: r.fields,
});

const send = (client: pg.PoolClient, s: BoundStatement) =>
  s.name ? client.query({ name: s.name, text: s.sql, values: s.params ?? [] }) : client.query(s.sql, s.params ?? []);

interface Waiting {
  statements: BoundStatement[];
  check?: (results: QueryResult[]) => void;
  resolve(results: QueryResult[]): void;
  reject(err: unknown): void;
}

/** Batches in one transaction at most; bounds how long one group holds its locks and how late its last caller hears. */
const MAX_GROUP = 64;

const isAborted = (err: unknown) => (err as { code?: unknown } | null)?.code === '25P02';

/**
 * Group commit in the server (docs/decisions/0065). Batches given the same lane while a group of that lane is in
 * flight wait, and then run together: one transaction, each batch in its own savepoint, one COMMIT, so one WAL
 * flush serves them all. A lane runs one group at a time; a batch arriving at an idle lane starts at once, so a
 * quiet server adds no delay. A batch that fails is rolled back to its savepoint and fails alone with its own
 * error; the batches pipelined behind it (refused with 25P02 while the transaction was aborted) run again. Each
 * caller hears after the COMMIT, with its own results, or with the COMMIT's error. Only for batches that see the
 * others' committed-in-order writes as a serial run would, and that reset every setting they make (the REST
 * preamble sets all of its settings each time).
 */
export function createCoalescer(pool: pg.Pool) {
  const lanes = new Map<string, { queue: Waiting[]; running: boolean }>();

  async function runGroup(items: Waiting[]) {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      for (const item of items) item.reject(err);
      return;
    }
    const done: [Waiting, QueryResult[]][] = [];
    let open = false;
    let pending = items;
    let savepoint = 0;
    try {
      while (pending.length) {
        const round = pending;
        const names = round.map(() => `c${++savepoint}`);
        const sent = corked(client, () => {
          const begin = open ? [] : [client.query('begin')];
          open = true;
          return [
            ...begin,
            ...round.flatMap((item, i) => [
              client.query(`savepoint ${names[i]}`),
              ...item.statements.map((s) => send(client, s)),
              client.query(`release savepoint ${names[i]}`),
            ]),
          ];
        });
        // allSettled observes every promise: behind a failure the rest reject with 25P02 and must not go unhandled
        const settled = await Promise.allSettled(sent);
        let at = settled.length - round.reduce((n, item) => n + item.statements.length + 2, 0);
        if (at === 1 && settled[0]!.status === 'rejected') throw settled[0]!.reason; // BEGIN failed
        pending = [];
        for (let i = 0; i < round.length; i++) {
          const item = round[i]!;
          const slice = settled.slice(at, at + item.statements.length + 2);
          at += slice.length;
          const failed = slice.find((r): r is PromiseRejectedResult => r.status === 'rejected');
          if (!failed) {
            done.push([item, slice.slice(1, -1).map((r) => toResult((r as PromiseFulfilledResult<pg.QueryResult>).value))]);
            continue;
          }
          // the first failure in the round is this batch's own (those before it succeeded); never a 25P02
          if (isAborted(failed.reason)) throw failed.reason;
          await client.query(`rollback to savepoint ${names[i]}`);
          item.reject(failed.reason);
          pending = round.slice(i + 1);
          break;
        }
      }
      await client.query('commit');
      open = false;
    } catch (err) {
      if (open) await client.query('rollback').catch(() => {});
      // nothing of the group was committed: every batch not failed on its own fails with this error
      for (const item of items) item.reject(err);
      done.length = 0;
    } finally {
      client.release();
    }
    for (const [item, results] of done) {
      try {
        item.check?.(results);
        item.resolve(results);
      } catch (err) {
        item.reject(err);
      }
    }
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
