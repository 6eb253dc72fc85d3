import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { instrument } from './instrument.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import type { Database } from './types.js';

export type { Database, Queryable, QueryResult } from './types.js';

/** DATABASE_URL wins; otherwise PGlite files under DATA_DIR/pgdata. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  if (config.DATABASE_URL) return instrument(await openPostgres(config.DATABASE_URL));
  const dir = path.resolve(config.DATA_DIR, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return instrument(await openPglite(dir));
}
