import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { APP_ERRORS } from '../errors/catalogue.js';

/** PostgREST's error body: always these four keys. */
export interface RestErrorBody {
  code: string;
  message: string;
  /** A string, or (PGRST201) a list of the candidate relationships. */
  details: string | null | Record<string, string>[];
  hint: string | null;
}

/** An error answered as PostgREST would; the body is safe to send as it is. */
export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: RestErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export const restError = (
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details: RestErrorBody['details'] = null,
  hint: string | null = null,
) => new RestError(status, { code, message, details, hint });

/** A write over its rate limit (write-limits.ts), in PostgREST's shape with the catalogue's code and text. */
export const restRateLimited = (retryAfterSeconds: number) =>
  new RestError(
    429,
    { code: 'over_request_rate_limit', message: APP_ERRORS.over_request_rate_limit.message, details: null, hint: null },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** A body over BODY_LIMIT_BYTES, in PostgREST's four keys with the catalogue's code and text. */
export const restBodyTooLarge = () =>
  new RestError(413, { code: 'request_too_large', message: APP_ERRORS.request_too_large.message, details: null, hint: null });

/** PGRST100: a query string we cannot parse. */
export const parseError = (message: string, details: string | null = null) => restError(400, 'PGRST100', message, details);

/** The fields node-postgres and PGlite both put on a database error. */
interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(err: unknown): err is PgErrorLike {
  const e = err as Partial<PgErrorLike> | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string';
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

/** A database error as the caller sees it. 5xx-class errors keep only the SQLSTATE, never internals. */
export function fromPgError(err: PgErrorLike, role: string): RestError {
  const status = statusForSqlState(err.code, err.message, role);
  if (status >= 500) return new RestError(status, { code: err.code, message: serverErrorMessage(err), details: null, hint: null });
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, { code: err.code, message: err.message, details: err.detail ?? null, hint: err.hint ?? null }, headers);
}

/** PostgreSQL's fixed words for a cancelled statement reveal nothing and are what PostgREST answers (issue 38). */
const CANCELLED = /^canceling statement due to (statement timeout|user request)$/;
const serverErrorMessage = (err: PgErrorLike) => (err.code === '57014' && CANCELLED.test(err.message) ? err.message : 'Database error');
