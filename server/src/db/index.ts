import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { instrument } from './instrument.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { openPgliteThread } from './pglite-thread.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { BoundStatement, Database, Queryable, QueryResult } from './types.js';

/**
 * DATABASE_URL wins; otherwise PGlite files under DATA_DIR/pgdata, held by this process alone (DATA_DIR's lock
 * file; a second process gets DataDirLockedError naming the holder), run in a worker thread (pglite-thread.ts).
 * Closing the database releases the lock.
 */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return instrument(await openPostgres(config.DATABASE_URL));
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    const dir = path.resolve(config.DATA_DIR, 'pgdata');
    mkdirSync(dir, { recursive: true });
    const db = instrument(await openPgliteThread(dir));
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
