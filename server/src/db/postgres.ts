import pg from 'pg';
import { watchPool } from '../metrics.js';
import type { Database, QueryResult, Queryable } from './types.js';

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length, fields: r.fields };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

/** A real PostgreSQL server through a connection pool. */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // an idle client dropped by the server; the pool replaces it
  await pool.query('select 1');
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
    close: () => {
      unwatch();
      return pool.end();
    },
  };
}
