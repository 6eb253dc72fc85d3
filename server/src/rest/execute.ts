import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { statementTimeoutFor } from '../db/statement-timeouts.js';
import type { Statement } from './build-sql.js';
import { restFailure } from './errors.js';
import { statementNames } from './statement-names.js';
import type { Caller } from './request-role.js';

export interface ResultRow {
  total: string | number | null;
  page_total: string | number;
  body: string;
  inserted?: string | number | null;
}

const claimText = (v: unknown) => (typeof v === 'string' ? v : null);

// search_path (the request's schema, then REST_EXTRA_SEARCH_PATH, as PostgREST sets it first), read-only mode
// (allowed after the first snapshot, unlike the reverse), role, claims, request, the role's statement timeout (as
// PostgREST applies a role's settings, issue 38): one statement. Two constant texts, so the statement-name lookup
// hashes each once per process (issue 16).
const PREAMBLE = `select set_config('search_path', $9, true), set_config('transaction_read_only', $7, true), set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true), set_config('request.method', $4, true),
              set_config('request.path', $5, true), set_config('request.ip', $6, true), set_config('statement_timeout', $8, true)`;
const PREAMBLE_LIVE_WRITER = `${PREAMBLE}, auth.require_live_writer($10, $11)`;
// EXPLAIN VERBOSE prints "Query Identifier" only with compute_query_id on (PostgREST's test database has
// pg_stat_statements, which turns it on). A superuser-only setting: set before the role switch, and only when the
// server's own role may set it, so a deployment connecting as a plain role still explains without it.
const QUERY_ID = `case when (select rolsuper from pg_roles where rolname = current_user) then set_config('compute_query_id', 'on', true) end`;
const withQueryId = (sql: string) => sql.replace(/^select /, `select ${QUERY_ID}, `);
/** The database and the settings the executor reads (statement timeouts, REST_EXTRA_SEARCH_PATH). */
export interface ExecutorEnv {
  db: Database;
  config: Config;
}

/** Who calls and what the request says, as plain values (request-scope.ts reads them off the HTTP request). */
export interface CallerRequest {
  caller: Caller;
  method: string;
  /** The request's path under /rest/v1 ('/table' or '/rpc/fn'), as request.path. */
  path: string;
  /** The client's address, truncated (http/client-ip.ts). */
  ip: string;
  /** request.headers: JSON of the headers SQL may see (request-headers.ts). */
  headersJson: string;
  /** The request's schema (Accept-Profile / Content-Profile). */
  schema: string;
  /** Aborted when the client hangs up: cancels the statement. */
  signal?: AbortSignal;
}

/**
 * PostgREST's search_path for a request: the request's schema, then db-extra-search-path, each a quoted identifier,
 * joined by ", " (Query/PreQuery.hs txVarQuery, SqlFragment.escapeIdentList). So EXPLAIN (SETTINGS) shows the same
 * value, and unqualified names in the caller's SQL (functions without their own search_path) resolve the same way.
 */
export function searchPathFor(schema: string, extra: readonly string[]): string {
  return [schema, ...extra].map((s) => `"${s.replaceAll('"', '""')}"`).join(', ');
}

const PREAMBLES = {
  plain: { reader: PREAMBLE, writer: PREAMBLE_LIVE_WRITER },
  queryId: { reader: withQueryId(PREAMBLE), writer: withQueryId(PREAMBLE_LIVE_WRITER) },
};

/**
 * Runs one statement in its own transaction as the caller's role, with PostgREST's preamble, so RLS,
 * auth.uid() and the request-identity triggers see who is calling. `check` runs before COMMIT; throwing
 * there (e.g. a singular response with 0 rows) rolls the whole request back.
 */
export async function runAsCaller(
  env: ExecutorEnv,
  req: CallerRequest,
  stmt: Statement,
  opts: {
    readOnly: boolean;
    check?: (row: ResultRow, rows: ResultRow[]) => void;
    rollback?: boolean;
    /** A lane for group commit (db/coalesce.ts), used when the write commits with its statement. */
    coalesce?: string;
    /** EXPLAIN VERBOSE: compute the query identifier so the plan shows it, as PostgREST's does. */
    queryId?: boolean;
  },
): Promise<ResultRow> {
  const { caller } = req;
  // A signed-in user's write is refused (42501, a 403) when the database says the user is banned or the session is
  // gone (issue 12 #2); reads skip the lookup, as PostgREST does, so the hot path pays nothing.
  const liveWriter = !opts.readOnly && caller.role === 'authenticated';
  let kept: ResultRow | undefined;
  const timeoutMs = statementTimeoutFor(caller.role, env.config);
  const preamble = {
    sql: PREAMBLES[opts.queryId ? 'queryId' : 'plain'][liveWriter ? 'writer' : 'reader'],
    params: [
      caller.role,
      JSON.stringify({ ...caller.claims, role: caller.role }),
      req.headersJson,
      req.method,
      req.path,
      req.ip,
      opts.readOnly ? 'on' : 'off',
      String(timeoutMs),
      searchPathFor(req.schema, env.config.REST_EXTRA_SEARCH_PATH),
      ...(liveWriter ? [claimText(caller.claims.sub), claimText(caller.claims.session_id)] : []),
    ],
  };
  const check = (results: { rows: unknown[] }[]) => {
    const row = results[1]?.rows[0] as ResultRow | undefined;
    if (!row) throw restFailure('noResultRow');
    opts.check?.(row, results[1]!.rows as ResultRow[]);
    if (opts.rollback) {
      // Prefer: tx=rollback answers as usual but undoes the work: throwing is how the driver rolls back.
      kept = row;
      throw new RollbackRequested();
    }
  };
  // BEGIN, preamble, statement (and COMMIT for reads, where it equals ROLLBACK) go out as one round trip on
  // PostgreSQL and one exchange with PGlite (issue 16); a write's COMMIT waits for `check`, so a failed check still
  // rolls back. Both statements are prepared once per connection and shape (statement-names.ts).
  const names = statementNames(env.db);
  const attempt = (named: boolean) =>
    env.db.transactionBatch(
      [
        { ...preamble, name: named ? names.name(preamble.sql) : undefined },
        { sql: stmt.sql, params: stmt.params, name: named ? names.name(stmt.sql) : undefined },
      ],
      // A write with nothing to check commits with its statement too: a failed statement still rolls back (the
      // pipelined COMMIT ends an aborted transaction), and the advisory or row locks it took are held one round
      // trip less (the waitlist join's position lock, issue 16).
      {
        commitWithStatements: (opts.readOnly || !opts.check) && !opts.rollback,
        check,
        coalesce: opts.readOnly ? undefined : opts.coalesce,
        readOnly: opts.readOnly,
        // The bound PGlite's watchdog enforces; the client hanging up cancels the statement (issue 38).
        timeoutMs,
        signal: req.signal,
      },
    );
  try {
    let results;
    try {
      results = await attempt(true);
    } catch (e) {
      // A prepared statement whose result columns changed under it (DDL): forget the names, run it once unnamed.
      if (!isPlanResultChange(e)) throw e;
      names.forget();
      results = await attempt(false);
    }
    return results[1]!.rows[0] as unknown as ResultRow;
  } catch (e) {
    if (e instanceof RollbackRequested && kept) return kept;
    throw e;
  }
}

const isPlanResultChange = (e: unknown) =>
  (e as { code?: unknown } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((e as Error).message));

class RollbackRequested extends Error {}
