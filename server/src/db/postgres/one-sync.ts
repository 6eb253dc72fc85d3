// A batch in one exchange with one Sync, built on node-postgres internals (Query subclass, Connection's private
// methods and maps): listed in docs/database.md ("node-postgres internals"), checked by pg-internals.test.ts.
import { createRequire } from 'node:module';
import pg from 'pg';
import { toResult } from './to-result.js';
import type { BoundStatement, QueryResult } from '../types.js';

// node-postgres' own value mapping for bound parameters (Date, Buffer, arrays, JSON, toPostgres…): what its Query uses.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

/** The parts of node-postgres' Connection a batch writes with (pg/lib/connection.js). */
interface Connection {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(q: { text: string; name?: string; types?: number[] }): void;
  bind(c: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(m: { type: 'P' | 'S'; name?: string }): void;
  execute(c: { portal?: string; rows?: number }): void;
  sync(): void;
}

type Callback = (err: Error | null, results?: pg.QueryResult | pg.QueryResult[]) => void;

/** pg's Query: the client accepts only its instances on a pipelined connection; its result handling is reused. */
const QueryBase = pg.Query as unknown as new (text: string) => {
  callback?: Callback;
  handleError(err: Error, connection: Connection): void;
  handleCommandComplete(msg: unknown, connection: Connection): void;
  handleEmptyQuery(connection: Connection): void;
};

/**
 * Several statements in one extended-protocol exchange with a single Sync (issue 16, docs/decisions/0090): for each,
 * Parse (unless this connection already has the named statement), Bind, Describe, Execute, then one Sync for all.
 * PostgreSQL runs the statements before a Sync as one implicit transaction: it commits at the Sync when all
 * succeeded, and when one fails it skips the rest and rolls the whole transaction back at the Sync; settings made
 * with set_config(…, true) last until then, as in BEGIN…COMMIT. The backend answers the lot in one flush, where
 * BEGIN, statement by statement and COMMIT, each with its own Sync, made four.
 *
 * node-postgres sees one query (one ReadyForQuery). It remembers a named statement as parsed when a ParseComplete
 * arrives for the active query's `name`, and forgets a submitted one when an error arrives for it: `name` and `text`
 * follow the statement whose answers are arriving, so that bookkeeping stays right for each statement of the batch.
 */
class OneSyncBatch extends QueryBase {
  /** The statement whose answers are arriving (count of CommandComplete / EmptyQueryResponse so far). */
  private at = 0;
  /** Named statements this batch sent Parse for (on an error, those not reached were never parsed). */
  private parsedHere: number[] = [];

  constructor(
    private readonly statements: BoundStatement[],
    private readonly bound: unknown[][],
  ) {
    super('');
  }

  // Read by the client on ParseComplete and ErrorResponse; written (and ignored) by pg's Query constructor.
  get name(): string | undefined {
    return this.statements?.[this.at]?.name;
  }
  set name(_: string | undefined) {}
  get text(): string {
    return this.statements?.[this.at]?.sql ?? '';
  }
  set text(_: string) {}

  submit(connection: Connection): Error | null {
    for (const s of this.statements) {
      const previous = s.name ? (connection.parsedStatements[s.name] ?? connection.submittedNamedStatements[s.name]) : undefined;
      if (previous !== undefined && previous !== s.sql)
        return new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
    }
    connection.stream.cork?.();
    try {
      this.statements.forEach((s, i) => {
        const name = s.name ?? '';
        if (!name || (connection.parsedStatements[name] === undefined && connection.submittedNamedStatements[name] === undefined)) {
          connection.parse({ text: s.sql, name, types: [] });
          if (name) {
            connection.submittedNamedStatements[name] = s.sql;
            this.parsedHere.push(i);
          }
        }
        connection.bind({ portal: '', statement: name, values: this.bound[i] });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  override handleCommandComplete(msg: unknown, connection: Connection) {
    super.handleCommandComplete(msg, connection);
    this.at++;
  }

  override handleEmptyQuery(connection: Connection) {
    super.handleEmptyQuery(connection);
    this.at++;
  }

  /** Set on an error: the failing statement's index and the results of the statements before it. */
  failure?: { index: number; before: pg.QueryResult[] };

  override handleError(err: Error, connection: Connection) {
    // The client forgot the failing statement's submitted name; the backend skipped those after it.
    for (const i of this.parsedHere) {
      const name = this.statements[i]!.name!;
      if (i > this.at && connection.submittedNamedStatements[name] !== undefined) delete connection.submittedNamedStatements[name];
    }
    // pg's Query keeps one Result per statement reached (an array from the second on); the first `at` are complete
    const reached = (this as unknown as { _results: pg.QueryResult | pg.QueryResult[] })._results;
    this.failure ??= { index: this.at, before: (Array.isArray(reached) ? reached : [reached]).slice(0, this.at) };
    super.handleError(err, connection);
  }
}

/** What a batch did: every statement's result, or the first failing statement's index and error and the results before it. */
export type OneSyncOutcome =
  { results: QueryResult[]; failure?: undefined } | { results: QueryResult[]; failure: { index: number; error: unknown } };

/**
 * Runs `statements` on `client` in one implicit transaction with a single Sync (see OneSyncBatch), answering each
 * statement's result in order; rejects with the first failing statement's error, and then nothing was committed.
 */
export async function runOneSync(client: pg.PoolClient, statements: BoundStatement[]): Promise<QueryResult[]> {
  const outcome = await runOneSyncSettled(client, statements);
  if (outcome.failure) throw outcome.failure.error;
  return outcome.results;
}

/**
 * runOneSync that also tells where a batch stopped: for a batch that opens its own transaction (BEGIN, savepoints,
 * COMMIT: the group commit of db/postgres/coalesce.ts), a failure leaves that transaction open and aborted at the Sync, and
 * the caller goes on from the results before the failing statement. Rejects only when nothing was sent.
 */
export function runOneSyncSettled(client: pg.PoolClient, statements: BoundStatement[]): Promise<OneSyncOutcome> {
  let values: unknown[][];
  try {
    // mapped before anything is written, so a value node-postgres cannot send fails the call without a half-sent batch
    values = statements.map((s) => (s.params ?? []).map((v) => prepareValue(v)));
  } catch (err) {
    return Promise.reject(err as Error);
  }
  return new Promise((resolve) => {
    const batch = new OneSyncBatch(statements, values);
    batch.callback = (err, res) => {
      if (err) {
        const f = batch.failure ?? { index: 0, before: [] };
        return resolve({ results: f.before.map((r) => toResult(r)), failure: { index: f.index, error: err } });
      }
      const list = Array.isArray(res) ? res : res ? [res] : [];
      resolve({ results: list.map((r) => toResult(r)) });
    };
    void client.query(batch as unknown as pg.QueryConfig);
  });
}
