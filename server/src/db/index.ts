import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { instrument } from './instrument.js';
import { acquireDataDirLock } from '../data-dir-lock.js';
import { openPgliteThread } from './pglite/thread.js';
import { openPostgres } from './postgres/postgres.js';
import type { StatementTimeouts } from './statement-timeouts.js';
import type { Database } from './types.js';

export type { BoundStatement, Database, Queryable, QueryResult } from './types.js';

/**
 * DATABASE_URL wins; otherwise PGlite files under DATA_DIR/pgdata, held by this process alone (DATA_DIR's lock
 * file; a second process gets DataDirLockedError naming the holder), run in a worker thread (pglite/thread.ts).
 * Closing the database releases the lock.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Config, 'PGLITE_SHARED_BUFFERS_MB'>> &
    Partial<Pick<StatementTimeouts, 'DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS'>>,
): Promise<Database> {
  // The server's own statements are bounded as service_role's (docs/security.md, "Time bounds").
  const timeoutMs = config.DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS;
  if (config.DATABASE_URL) return instrument(await openPostgres(config.DATABASE_URL, undefined, timeoutMs));
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    const dir = path.resolve(config.DATA_DIR, 'pgdata');
    mkdirSync(dir, { recursive: true });
    const db = instrument(await openPgliteThread(dir, { timeoutMs, sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB }));
    return {
      ...db,
      dataDirLock: lock,
      close: async () => {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
