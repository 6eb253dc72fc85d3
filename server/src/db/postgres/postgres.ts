// The PostgreSQL driver. transactionBatch picks one of four strategies (group commit, read lane, one Sync, corked
// BEGIN…COMMIT) leaning on node-postgres internals: docs/database.md maps which, when, why, and the internals.
import pg from 'pg';
import { watchPool } from '../../metrics.js';
import { corked, createCoalescer } from './coalesce.js';
import { runOneSync } from './one-sync.js';
import { backendPid, cancelBackend, cancelWhenAbandoned } from './pg-cancel.js';
import { createReadLane } from './read-lane.js';
import { toResult } from './to-result.js';
import type { Database, QueryOptions, QueryResult, Queryable } from '../types.js';

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<QueryResult<T>> {
      return toResult<T>(await (opts?.name ? c.query({ name: opts.name, text: sql, values: params }) : c.query(sql, params)));
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

/**
 * A real PostgreSQL server through a connection pool. `timeoutMs`: every connection's statement_timeout, the bound
 * of the server's own statements (a REST request sets its role's in its transaction, rest/execute.ts).
 */
export async function openPostgres(url: string, max = 10, timeoutMs?: number): Promise<Database> {
  // Pipeline mode: queries issued on a client without awaiting each other go out at once, each with its own Sync,
  // and are answered in order; awaited one by one they behave as before. transactionBatch relies on it.
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true, statement_timeout: timeoutMs } as pg.PoolConfig);
  pool.on('error', () => {}); // an idle client dropped by the server; the pool replaces it
  await pool.query('select 1');
  const coalescer = createCoalescer(pool);
  const readLane = createReadLane(pool, (client) => (stillRunning) => cancelBackend(url, backendPid(client), stillRunning));
  const unwatch = watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async transactionBatch(statements, { commitWithStatements, check, coalesce, readOnly, signal }) {
      // A coalesced write shares its transaction with others': it is not cancelled alone (its timeout bounds it).
      if (coalesce && commitWithStatements) return coalescer.run(coalesce, statements, check);
      if (readOnly && commitWithStatements) return readLane.run(statements, check, signal);
      const client = await pool.connect();
      const cancel = (stillRunning: () => boolean) => cancelBackend(url, backendPid(client), stillRunning);
      if (commitWithStatements) {
        // One implicit transaction ended by a single Sync: what BEGIN, the statements and COMMIT did, in one
        // exchange the backend answers in one flush (db/postgres/one-sync.ts, issue 16). A failure rolls it all back.
        try {
          const sent = runOneSync(client, statements);
          cancelWhenAbandoned(signal, sent, cancel);
          const results = await sent;
          check?.(results);
          return results;
        } finally {
          client.release();
        }
      }
      try {
        // Corked, the batch leaves in one write instead of one per statement (pg uncorks after each).
        const sent = corked(client, () => [
          client.query('begin'),
          ...statements.map((s) =>
            s.name ? client.query({ name: s.name, text: s.sql, values: s.params ?? [] }) : client.query(s.sql, s.params ?? []),
          ),
        ]);
        // allSettled observes every promise: after a failure the rest reject with 25P02 and must not go unhandled.
        const answered = Promise.allSettled(sent);
        cancelWhenAbandoned(signal, answered, cancel);
        const settled = await answered;
        const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) {
          await client.query('rollback').catch(() => {});
          throw failed.reason;
        }
        const results = settled.slice(1).map((r) => toResult((r as PromiseFulfilledResult<pg.QueryResult>).value));
        try {
          check?.(results);
        } catch (err) {
          await client.query('rollback').catch(() => {});
          throw err;
        }
        await client.query('commit');
        return results;
      } finally {
        client.release();
      }
    },
    close: () => {
      unwatch();
      return pool.end();
    },
  };
}
