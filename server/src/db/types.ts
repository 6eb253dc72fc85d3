import type { DataDirLock } from '../data-dir-lock.js';

/** One interface over PGlite and node-postgres; both drivers behave the same. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  /**
   * Parameterised query ($1, $2 ...). Never interpolate values into `sql`. `opts.name`: a prepared-statement name for
   * this exact `sql`, as BoundStatement.name (PostgreSQL parses and plans it once per connection; PGlite ignores it).
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface QueryOptions {
  /** Unique per text and fixed (a constant of the caller), so the names a connection holds stay bounded. */
  name?: string;
}

/** A statement with its bound parameters. */
export interface BoundStatement {
  sql: string;
  params?: unknown[];
  /**
   * A prepared-statement name for this exact `sql`: parsed and planned once per connection, then only bound and
   * executed (PGlite: in a batch whose parameters are all text, db/pglite/exchange.ts). The caller keeps names unique
   * per text and bounded in number.
   */
  name?: string;
}

export interface BatchOptions {
  /**
   * Send COMMIT together with the statements (one round trip on PostgreSQL). Only for work where COMMIT and ROLLBACK
   * are the same, i.e. a read-only transaction: `check` then runs after the end and a throw only fails the call.
   */
  commitWithStatements: boolean;
  /** Sees every statement's result before the call answers; without commitWithStatements, a throw rolls back. */
  check?: (results: QueryResult[]) => void;
  /**
   * With commitWithStatements, a lane name: PostgreSQL may run this batch together with concurrent batches of the
   * same lane in one transaction, each in its own savepoint, one COMMIT for all (db/postgres/coalesce.ts, docs/decisions/0065).
   * Only for batches whose settings are all reset by the next batch of the lane; PGlite ignores it.
   */
  coalesce?: string;
  /**
   * With commitWithStatements, the statements only read: PostgreSQL may send this batch on one connection with other
   * read batches of the same event-loop turn, pipelined, each still its own transaction (db/postgres/read-lane.ts,
   * docs/decisions/0107). Never for writes: their commits would wait for each other's WAL flush. PGlite ignores it.
   */
  readOnly?: boolean;
  /**
   * The statement timeout the statements set for themselves (a REST request's preamble: its role's). PostgreSQL
   * enforces it; PGlite cannot (no timers inside its WebAssembly), so its watchdog interrupts the batch past it
   * (db/pglite/thread.ts). Unset: the server's own bound (DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS).
   */
  timeoutMs?: number;
  /** Aborted when nobody waits for the answer any more (the client hung up): the running statement is cancelled. */
  signal?: AbortSignal;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Embedded only: the DATA_DIR lock this process holds. */
  readonly dataDirLock?: DataDirLock;
  /** Embedded only: a consistent copy of the data folder (gzipped tar), taken between transactions. */
  snapshot?(): Promise<Blob>;
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * BEGIN, `statements` in order on one connection, COMMIT: the same transaction as transaction(), but with the
   * statements known up front the PostgreSQL driver pipelines them (one round trip instead of one per statement;
   * issue 16). A failing statement fails the call and nothing is committed.
   */
  transactionBatch(statements: BoundStatement[], opts: BatchOptions): Promise<QueryResult[]>;
  close(): Promise<void>;
}
