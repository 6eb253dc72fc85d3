import type { Context } from 'hono';
import { ApiError } from './api-error.js';
import { APP_ERRORS, COACH_ERRORS, type AppEntry, type AppErrorCode } from './catalogue.js';
import type { CoachErrorCode } from '@app/shared';

/**
 * Our own wire's error bodies (/api, /functions/v1, the coach, a service prefix), each built here and only here from
 * the catalogue's code, status and text (errors/no-hand-built-bodies.test.ts keeps it so). `message` replaces the
 * catalogue's text where the case says more; the status is always the catalogue's.
 */
type Headers = Record<string, string>;

const entry = (code: AppErrorCode): AppEntry => APP_ERRORS[code];
/** The code on the wire: the entry's name, unless the entry names another (errors/catalogue.ts AppEntry). */
const wireCode = (code: AppErrorCode) => entry(code).code ?? code;
const retryHeader = (retryAfterSeconds: number) => ({ 'Retry-After': String(retryAfterSeconds) });

/** /api's error body {code, message}, thrown (app.ts's onError sends it as it is). */
export const appError = (code: AppErrorCode, message: string = entry(code).message) =>
  new ApiError(entry(code).status, { code: wireCode(code), message });

/** The same body, answered at once. */
export const appErrorResponse = (c: Context, code: AppErrorCode, message: string = entry(code).message, headers: Headers = {}) =>
  c.json({ code: wireCode(code), message }, entry(code).status, headers);

/** /api's 429: {code: 'over_request_rate_limit', message} and Retry-After. */
export const appRateLimited = (c: Context, retryAfterSeconds: number) =>
  appErrorResponse(c, 'over_request_rate_limit', undefined, retryHeader(retryAfterSeconds));

/**
 * /functions/v1's error body {success: false, code, error} (what the front end maps to its toasts); `extra` adds
 * fields after them (an import's problems and their total).
 */
export const functionsError = (
  c: Context,
  code: AppErrorCode,
  message: string = entry(code).message,
  opts: { headers?: Headers; extra?: Record<string, unknown> } = {},
) => c.json({ success: false, code: wireCode(code), error: message, ...opts.extra }, entry(code).status, opts.headers ?? {});

/** /functions/v1's 429. */
export const functionsRateLimited = (c: Context, retryAfterSeconds: number) =>
  functionsError(c, 'over_request_rate_limit', undefined, { headers: retryHeader(retryAfterSeconds) });

/**
 * An accounts-service error (GoTrue body {code, error_code, msg}: its code, status and text come from the auth
 * table, errors/catalogue.ts AUTH_ERRORS) answered by a function in /functions/v1's shape.
 */
export function functionsErrorFromAuth(c: Context, err: ApiError) {
  const b = err.body as { error_code?: unknown; msg?: unknown; message?: unknown };
  const code = typeof b.error_code === 'string' ? b.error_code : 'request_failed';
  const message = typeof b.msg === 'string' ? b.msg : typeof b.message === 'string' ? b.message : err.message;
  const retry: Headers = err.status === 429 ? { 'Retry-After': '60' } : {};
  return c.json({ success: false, code, error: message }, err.status, retry);
}

/** The coach's refusal before its reply starts: {success: false, code, message, error} (message and error alike). */
export const coachErrorResponse = (c: Context, code: CoachErrorCode, message: string = COACH_ERRORS[code].message, headers: Headers = {}) =>
  c.json({ success: false, code, message, error: message }, COACH_ERRORS[code].status, headers);

/**
 * What a service prefix answers outside any service's own routes (no route, body too large, an unexpected error,
 * draining) and the operator's endpoints: {code: status, error_code, message}, which both auth-js and our /api
 * readers understand.
 */
export const prefixErrorResponse = (
  c: Context,
  code: AppErrorCode,
  opts: { message?: string; extra?: Record<string, unknown>; headers?: Headers } = {},
) =>
  c.json(
    { code: entry(code).status, error_code: wireCode(code), message: opts.message ?? entry(code).message, ...opts.extra },
    entry(code).status,
    opts.headers ?? {},
  );

export const notFoundJson = (c: Context) => prefixErrorResponse(c, 'not_found', { extra: { path: new URL(c.req.url).pathname } });
