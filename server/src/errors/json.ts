import type { Context } from 'hono';
import { ApiError } from './api-error.js';
import { APP_ERRORS, type AppErrorCode } from './catalogue.js';

const retryHeader = (retryAfterSeconds: number) => ({ 'Retry-After': String(retryAfterSeconds) });

/** /api's error body {code, message}, thrown (app.ts's onError sends it as it is). */
export const appError = (code: AppErrorCode, message: string = APP_ERRORS[code].message) =>
  new ApiError(APP_ERRORS[code].status, { code, message });

/** The same body, answered at once. */
export const appErrorResponse = (
  c: Context,
  code: AppErrorCode,
  message: string = APP_ERRORS[code].message,
  headers: Record<string, string> = {},
) => c.json({ code, message }, APP_ERRORS[code].status, headers);

/** /api's 429: {code: 'over_request_rate_limit', message} and Retry-After. */
export const appRateLimited = (c: Context, retryAfterSeconds: number) =>
  appErrorResponse(c, 'over_request_rate_limit', undefined, retryHeader(retryAfterSeconds));

/** /functions/v1's error body {success: false, code, error} (what the front end maps to its toasts). */
export const functionsErrorResponse = (
  c: Context,
  status: ApiError['status'],
  code: string,
  error: string,
  headers: Record<string, string> = {},
) => c.json({ success: false, code, error }, status, headers);

/** /functions/v1's 429. */
export const functionsRateLimited = (c: Context, retryAfterSeconds: number) =>
  functionsErrorResponse(c, 429, 'over_request_rate_limit', APP_ERRORS.over_request_rate_limit.message, retryHeader(retryAfterSeconds));

/**
 * What a service prefix answers outside any service's own routes (no route, body too large, an unexpected error):
 * {code: status, error_code, message}, which both auth-js and our /api readers understand.
 */
export const prefixErrorResponse = (c: Context, code: AppErrorCode, extra: Record<string, unknown> = {}) =>
  c.json({ code: APP_ERRORS[code].status, error_code: code, message: APP_ERRORS[code].message, ...extra }, APP_ERRORS[code].status);

export const notFoundJson = (c: Context) => prefixErrorResponse(c, 'not_found', { path: new URL(c.req.url).pathname });
