import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pgErrorAnswer, tableAnswer, type PgErrorLike, type RestErrorArgs, type RestErrorBody, type RestErrorKey } from './error-table.js';

export type { RestErrorBody } from './error-table.js';

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

/** The error of a key of the table (error-table.ts): how every rest/ module raises one. */
export function restFailure<K extends RestErrorKey>(key: K, ...args: RestErrorArgs<K>): RestError {
  const { status, body, headers } = tableAnswer(key, args);
  return new RestError(status, body, headers);
}

/** PGRST100: a query string we cannot parse. */
export const parseError = (message: string, details: string | null = null) => restFailure('queryParse', message, details);

/** A write over its rate limit (write-limits.ts), in PostgREST's shape with the catalogue's code and text. */
export const restRateLimited = (retryAfterSeconds: number) => restFailure('overRequestRateLimit', retryAfterSeconds);

/** A body over BODY_LIMIT_BYTES, in PostgREST's four keys with the catalogue's code and text. */
export const restBodyTooLarge = () => restFailure('requestTooLarge');

export function isPgError(err: unknown): err is PgErrorLike {
  const e = err as Partial<PgErrorLike> | null;
  return !!e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string';
}

/** A database error as the caller sees it (error-table.ts pgErrorAnswer). */
export function fromPgError(err: PgErrorLike, role: string): RestError {
  const { status, body, headers } = pgErrorAnswer(err, role);
  return new RestError(status, body, headers);
}
