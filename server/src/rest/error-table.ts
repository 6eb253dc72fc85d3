import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { APP_ERRORS } from '../errors/catalogue.js';

/**
 * Every error /rest/v1 answers, in one table: code, HTTP status and words (modelled on PostgREST's Error.hs, the
 * PGRSTxxx codes and SQLSTATE statuses of reference §5). Other rest/ files raise by key (errors.ts restFailure);
 * this module alone writes the codes and the four-key body (rest-error-table.test.ts checks both).
 */

/** PostgREST's error body: always these four keys, in this order. */
export interface RestErrorBody {
  code: string;
  message: string;
  /** A string, or (PGRST201) a list of the candidate relationships. */
  details: string | null | Record<string, string>[];
  hint: string | null;
}

/** What one error says: its message, details and hint when it has them, and headers it adds to the answer. */
interface Words {
  message: string;
  details?: RestErrorBody['details'];
  hint?: string | null;
  headers?: Record<string, string>;
}

interface Entry<A extends unknown[]> {
  code: string;
  status: ContentfulStatusCode;
  words: (...args: A) => Words;
}

const entry = <A extends unknown[]>(code: string, status: ContentfulStatusCode, words: (...args: A) => Words): Entry<A> => ({
  code,
  status,
  words,
});

const invalidToken = (message: string) => ({
  message,
  headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
});
const RANGE = 'Requested range not satisfiable';
const INVALID_JSON = 'Empty or invalid json';
const notEmbedded = (name: string) => ({
  message: `'${name}' is not an embedded resource in this request`,
  hint: `Verify that '${name}' is included in the 'select' query parameter.`,
});

export const REST_ERRORS = {
  // Group 1: the request (PostgREST's ApiRequestError).
  /** A query string (or select, filter, order, on_conflict) we cannot read. */
  queryParse: entry('PGRST100', 400, (message: string, details: string | null = null) => ({ message, details })),
  queryStringTooLong: entry('PGRST100', 414, (maxBytes: number) => ({
    message: 'failed to parse query string',
    details: `The query string is longer than ${maxBytes} bytes`,
  })),
  rpcMethodNotAllowed: entry('PGRST101', 405, (method: string) => ({ message: `Cannot use the ${method.slice(0, 20)} method on RPC` })),
  contentTypeNotAcceptable: entry('PGRST102', 400, (type: string) => ({ message: `Content-Type not acceptable: ${type.slice(0, 100)}` })),
  invalidJson: entry('PGRST102', 400, (details: string | null = null) => ({ message: INVALID_JSON, details })),
  keysMismatch: entry('PGRST102', 400, () => ({ message: 'All object keys must match' })),
  offsetPastRows: entry('PGRST103', 416, (offset: number, total: number) => ({
    message: RANGE,
    details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    headers: { 'Content-Range': `*/${total}` },
  })),
  rangeBoundsReversed: entry('PGRST103', 416, () => ({
    message: RANGE,
    details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
  })),
  negativeLimitOrOffset: entry('PGRST103', 416, (key: string) => ({
    message: RANGE,
    details: `${key === 'limit' ? 'Limit' : 'Offset'} should be greater than or equal to zero.`,
  })),
  putFiltersNotPrimaryKey: entry('PGRST105', 405, () => ({
    message: "Filters must include all and only primary key columns with 'eq' operators",
  })),
  schemaNotExposed: entry('PGRST106', 406, (schema: string, exposed: readonly string[]) => ({
    message: `Invalid schema: ${schema.slice(0, 63)}`,
    hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
  })),
  mediaTypeNotAvailable: entry('PGRST107', 406, (types: string) => ({
    message: `None of these media types are available: ${types.slice(0, 200)}`,
  })),
  notEmbedded: entry('PGRST108', 400, notEmbedded),
  putLimitOffset: entry('PGRST114', 400, () => ({ message: 'limit/offset querystring parameters are not allowed for PUT' })),
  putPayloadMismatch: entry('PGRST115', 400, () => ({ message: 'Payload values do not match URL in primary key column(s)' })),
  notSingular: entry('PGRST116', 406, (rows: number) => ({
    message: 'Cannot coerce the result to a single JSON object',
    details: `The result contains ${rows} rows`,
  })),
  methodNotAllowed: entry('PGRST117', 405, (method: string) => ({ message: `Unsupported HTTP method: ${method.slice(0, 20)}` })),
  relatedOrderNotToOne: entry('PGRST118', 400, (origin: string, target: string) => ({
    message: `A related order on '${target}' is not possible`,
    details: `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  })),
  aggregatesNotAllowed: entry('PGRST123', 400, () => ({ message: 'Use of aggregate functions is not allowed' })),
  maxAffectedExceeded: entry('PGRST124', 400, (rows: number) => ({
    message: 'Query result exceeds max-affected preference constraint',
    details: `The query affects ${rows} rows`,
  })),

  // Group 2: the schema cache.
  /** `searched` is absent when the origin is not a table (a function's result): PostgREST then gives no details. */
  relationshipNotFound: entry('PGRST200', 400, (origin: string, target: string, searched?: { schema: string; hint?: string }) => ({
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    details: searched
      ? `Searched for a foreign key relationship between '${origin}' and '${target}'${searched.hint === undefined ? '' : ` using the hint '${searched.hint}'`} in the schema '${searched.schema}', but no matches were found.`
      : null,
  })),
  /** PostgREST answers details as a JSON array here, not a string. */
  relationshipAmbiguous: entry(
    'PGRST201',
    300,
    (origin: string, target: string, candidates: Record<string, string>[], options: string) => ({
      message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
      details: candidates,
      hint: `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
    }),
  ),
  functionNotFound: entry('PGRST202', 404, (fn: { schema: string; name: string; keys: string[]; isPost: boolean; suggestion?: string }) => {
    const params = fn.keys.length ? ` with parameter${fn.keys.length > 1 ? 's' : ''} ${fn.keys.join(', ')}` : ' without parameters';
    return {
      message: `Could not find the function ${fn.schema}.${fn.name}${fn.keys.length ? `(${fn.keys.join(', ')})` : ' without parameters'} in the schema cache`,
      details: `Searched for the function ${fn.schema}.${fn.name}${params}${fn.isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      hint: fn.suggestion ? `Perhaps you meant to call the function ${fn.schema}.${fn.suggestion}` : null,
    };
  }),
  functionAmbiguous: entry('PGRST203', 300, (signatures: string[]) => ({
    message: `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  })),
  columnNotFound: entry('PGRST204', 400, (column: string, table: string) => ({
    message: `Could not find the '${column}' column of '${table}' in the schema cache`,
  })),
  tableNotFound: entry('PGRST205', 404, (schema: string, name: string) => ({
    message: `Could not find the table '${schema}.${name}' in the schema cache`,
  })),

  // Group 3: the JWT.
  jwtInvalid: entry('PGRST301', 401, invalidToken),
  jwtExpired: entry('PGRST303', 401, () => invalidToken('JWT expired')),

  // Internal: the statement returned no row (never expected).
  noResultRow: entry('PGRSTX00', 500, () => ({ message: 'Database error' })),

  // SQLSTATE-coded errors PostgREST raises before PostgreSQL would (same code, status and words).
  roleNotFound: entry('22023', 401, (role: string) => ({
    message: `role "${role}" does not exist`,
    headers: { 'WWW-Authenticate': 'Bearer' },
  })),
  columnUndefined: entry('42703', 400, (table: string, column: string) => ({ message: `column ${table}.${column} does not exist` })),
  tableNameDuplicated: entry('42712', 400, (name: string) => ({ message: `table name "${name}" specified more than once` })),

  // Ours, in PostgREST's four keys with the catalogue's code and text (docs/decisions/0042).
  batchTooLarge: entry('batch_too_large', 413, (maxRows: number, route: string, rows: number) => ({
    message: `At most ${maxRows} row${maxRows === 1 ? '' : 's'} per request to ${route.slice(0, 80)}`,
    details: `The request has ${rows} rows`,
    hint: 'Send smaller batches.',
  })),
  overRequestRateLimit: entry('over_request_rate_limit', 429, (retryAfterSeconds: number) => ({
    message: APP_ERRORS.over_request_rate_limit.message,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  })),
  requestTooLarge: entry('request_too_large', 413, () => ({ message: APP_ERRORS.request_too_large.message })),
};

export type RestErrorKey = keyof typeof REST_ERRORS;
export type RestErrorArgs<K extends RestErrorKey> = Parameters<(typeof REST_ERRORS)[K]['words']>;

/** The one place the four keys are written. */
export const errorBody = (
  code: string,
  message: string,
  details: RestErrorBody['details'] = null,
  hint: string | null = null,
): RestErrorBody => ({ code, message, details, hint });

/** An entry's status, body and headers for the given arguments. */
export function tableAnswer<K extends RestErrorKey>(key: K, args: RestErrorArgs<K>) {
  const { code, status, words } = REST_ERRORS[key] as Entry<RestErrorArgs<K>>;
  const w = words(...args);
  return { status, body: errorBody(code, w.message, w.details, w.hint), headers: w.headers ?? {} };
}

/** SQLSTATE -> HTTP status, PostgREST's table (reference §5.2). 42501 depends on whether the caller was anonymous. */
export function statusForSqlState(code: string, message: string, role: string): ContentfulStatusCode {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (code === 'P0001') return 400;
  const m = /^PT(\d{3})$/.exec(code);
  if (m) return Number(m[1]) as ContentfulStatusCode;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53' || code === '57P01') return code === '53400' ? 500 : 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX', 'P0'].includes(cls)) return 500;
  return 400;
}

/** The fields node-postgres and PGlite both put on a database error. */
export interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** PostgreSQL's fixed words for a cancelled statement reveal nothing and are what PostgREST answers (issue 38). */
const CANCELLED = /^canceling statement due to (statement timeout|user request)$/;
const serverErrorMessage = (err: PgErrorLike) => (err.code === '57014' && CANCELLED.test(err.message) ? err.message : 'Database error');

/** A database error as the caller sees it. 5xx-class errors keep only the SQLSTATE, never internals. */
export function pgErrorAnswer(err: PgErrorLike, role: string) {
  const status = statusForSqlState(err.code, err.message, role);
  if (status >= 500) return { status, body: errorBody(err.code, serverErrorMessage(err)), headers: {} };
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return { status, body: errorBody(err.code, err.message, err.detail ?? null, err.hint ?? null), headers };
}
