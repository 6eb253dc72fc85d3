import type { DataDirLock } from './data-dir-lock.js';

/** One interface over PGlite and node-postgres; both drivers behave the same. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  /** Parameterised query ($1, $2 ...). Never interpolate values into `sql`. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Embedded only: the DATA_DIR lock this process holds. */
  readonly dataDirLock?: DataDirLock;
  /** Embedded only: a consistent copy of the data folder (gzipped tar), taken between transactions. */
  snapshot?(): Promise<Blob>;
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
