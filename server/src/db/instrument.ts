import { dbQueryDuration, dbQueryErrors } from '../metrics.js';
import type { Database, Queryable } from './types.js';

type Op = 'query' | 'exec' | 'transaction';

/** Times every call into db_query_duration_seconds (and failures into db_query_errors_total), by driver and op. */
export function instrument(db: Database): Database {
  const driver = db.kind;
  async function timed<T>(op: Op, fn: () => Promise<T>): Promise<T> {
    const end = dbQueryDuration.startTimer({ driver, op });
    try {
      return await fn();
    } catch (err) {
      dbQueryErrors.inc({ driver, op });
      throw err;
    } finally {
      end();
    }
  }
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params, opts) => timed('query', () => q.query(sql, params, opts)),
    exec: (sql) => timed('exec', () => q.exec(sql)),
  });
  return {
    ...db,
    ...wrap(db),
    transaction: (fn) => timed('transaction', () => db.transaction((tx) => fn(wrap(tx)))),
    transactionBatch: (statements, opts) => timed('transaction', () => db.transactionBatch(statements, opts)),
  };
}
