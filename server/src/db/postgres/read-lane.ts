// The read lane, strategy 2 of the PostgreSQL driver's transactionBatch (docs/database.md).
import type pg from 'pg';
import { connectFor, corked, settle, type Waiting } from './coalesce.js';
import { runOneSync } from './one-sync.js';
import { cancelWhenAbandoned } from './pg-cancel.js';
import type { BoundStatement, QueryResult } from '../types.js';

/** Read batches on one connection at most: bounds how long a slow read can hold up the ones sent behind it. */
export const MAX_READ_GROUP = 8;

type Parsed = { connection?: { parsedStatements?: Record<string, string> } };

/**
 * Read-only batches that arrive in the same event-loop turn go to PostgreSQL together (issue 16, docs/decisions/0107):
 * at the end of the turn (setImmediate), up to MAX_READ_GROUP of them are written on one pooled connection in one
 * write, pipelined, each still its own implicit transaction with its own Sync (db/postgres/one-sync.ts): its own settings,
 * snapshot and error. Where each batch used to take its own connection and its own write, and the backends woke once
 * per request, one write and one backend now serve several; on a quiet server a batch waits only for the end of the
 * turn it arrived in.
 *
 * A batch skips Parse for a named statement the connection has already parsed. In a pipelined group it must not
 * count on a Parse sent by another batch of the group (if that batch failed first, the backend skipped its Parse),
 * so a batch whose statements are not all parsed on the connection yet runs after the group, on its own.
 */
export function createReadLane(
  pool: pg.Pool,
  /** Cancels what the client's backend runs (pg-cancel.ts), for a batch whose caller gave up (its signal). */
  canceller: (client: pg.PoolClient) => (stillRunning: () => boolean) => Promise<void>,
) {
  let pending: (Waiting & { signal?: AbortSignal })[] = [];

  const answer = (w: Waiting, sent: Promise<QueryResult[]>) =>
    sent.then(
      (results) => settle(w, results),
      (err: unknown) => w.reject(err),
    );

  async function runGroup(group: (Waiting & { signal?: AbortSignal })[]) {
    const client = await connectFor(pool, group);
    if (!client) return;
    try {
      const parsed = (client as unknown as Parsed).connection?.parsedStatements ?? {};
      const isReady = (w: Waiting) => w.statements.every((s) => !s.name || parsed[s.name] === s.sql);
      const ready = group.filter(isReady);
      const cancel = canceller(client);
      const sent = corked(client, () => ready.map((w) => runOneSync(client, w.statements)));
      // The backend runs the group in order: a batch whose caller left is cancelled once those before it are answered.
      sent.forEach((own, i) => cancelWhenAbandoned(ready[i]!.signal, own, cancel, Promise.allSettled(sent.slice(0, i))));
      await Promise.all(sent.map((own, i) => answer(ready[i]!, own)));
      for (const w of group) {
        if (ready.includes(w)) continue;
        const own = runOneSync(client, w.statements);
        cancelWhenAbandoned(w.signal, own, cancel);
        await answer(w, own);
      }
    } finally {
      client.release();
    }
  }

  function flush() {
    const all = pending;
    pending = [];
    for (let i = 0; i < all.length; i += MAX_READ_GROUP) void runGroup(all.slice(i, i + MAX_READ_GROUP));
  }

  return {
    /** Resolves with every statement's result (after `check`), or rejects with the batch's own error. */
    run(statements: BoundStatement[], check?: (results: QueryResult[]) => void, signal?: AbortSignal): Promise<QueryResult[]> {
      return new Promise((resolve, reject) => {
        pending.push({ statements, check, resolve, reject, signal });
        if (pending.length === 1) setImmediate(flush);
      });
    },
  };
}
