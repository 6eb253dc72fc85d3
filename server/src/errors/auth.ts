import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from './api-error.js';
import type { Logger } from '../log.js';
import { AUTH_ERRORS, type AuthErrorCode } from './catalogue.js';

/**
 * A GoTrue error. The body is GoTrue's unversioned shape {code: status, error_code, msg}; requests that
 * send X-Supabase-Api-Version >= 2024-01-01 (auth-js always does) get {code: error_code, message} instead.
 */
export class AuthError extends ApiError {
  constructor(
    status: ContentfulStatusCode,
    readonly errorCode: AuthErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(status, { code: status, error_code: errorCode, msg: message, ...extra });
    this.message = message;
  }
}

/** An error from the catalogue, with its usual status; `message` replaces the catalogue's text when the case says more. */
export const authError = (code: AuthErrorCode, message: string = AUTH_ERRORS[code].message, extra?: Record<string, unknown>) =>
  new AuthError(AUTH_ERRORS[code].status, code, message, extra);

/** The same, where GoTrue answers this code with another status on this endpoint (kept for wire compatibility). */
export const authErrorAt = (
  status: ContentfulStatusCode,
  code: AuthErrorCode,
  message: string = AUTH_ERRORS[code].message,
  extra?: Record<string, unknown>,
) => new AuthError(status, code, message, extra);

export const validationFailed = (message: string) => authError('validation_failed', message);

/** 429 over_request_rate_limit, saying when to come back (body retry_after, header Retry-After). */
export const authRateLimited = (retryAfterSeconds: number) =>
  authError('over_request_rate_limit', undefined, { retry_after: retryAfterSeconds });

const API_VERSION_2024 = Date.parse('2024-01-01T00:00:00Z');

function wantsVersioned(c: Context): string | undefined {
  const raw = c.req.header('x-supabase-api-version');
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const t = Date.parse(`${raw}T00:00:00Z`);
  return Number.isFinite(t) && t >= API_VERSION_2024 ? raw : undefined;
}

/** Sends an error the way GoTrue does; anything unexpected is logged and answered with a generic 500. */
export function sendAuthError(c: Context, err: unknown, log: Logger): Response {
  let status: ContentfulStatusCode = 500;
  let body: Record<string, unknown>;
  if (err instanceof ApiError) {
    status = err.status;
    body = err.body;
  } else {
    // message, code and stack only: a driver error also carries the query parameters (hashes, tokens)
    const e =
      err instanceof Error ? { message: err.message, code: (err as { code?: string }).code, stack: err.stack } : { message: String(err) };
    log.error({ err: e, path: c.req.path }, 'auth: unhandled error');
    body = { code: 500, error_code: 'unexpected_failure', msg: AUTH_ERRORS.unexpected_failure.message };
  }
  const errorCode = typeof body.error_code === 'string' ? body.error_code : status === 500 ? 'unexpected_failure' : 'unknown';
  // a 429 also says when to come back in the standard header (the body keeps GoTrue's shape plus retry_after)
  const retry: Record<string, string> = typeof body.retry_after === 'number' ? { 'Retry-After': String(body.retry_after) } : {};
  const version = wantsVersioned(c);
  if (!version) return c.json(body, status, { 'x-sb-error-code': errorCode, ...retry });
  const { code: _status, error_code: _code, msg, ...rest } = body;
  return c.json({ code: errorCode, message: msg ?? body.message, ...rest }, status, { 'X-Supabase-Api-Version': version, ...retry });
}

/** The gateway's refusals in front of /auth/v1 (Kong's key-auth plugin in Supabase): 401 {message}. */
const GATEWAY_REFUSALS = {
  no_api_key: 'No API key found in request',
  invalid_api_key: 'Invalid API key',
} as const;

export const gatewayRefusal = (c: Context, reason: keyof typeof GATEWAY_REFUSALS) => c.json({ message: GATEWAY_REFUSALS[reason] }, 401);

/** The OAuth 2.1 server's errors keep RFC 6749's body {error, error_description}, not GoTrue's. */
export const oauthError = (error: string, description: string, status: 400 | 401 = 400) =>
  new ApiError(status, { error, error_description: description });

/** GoTrue's 200 that carries only a message (a secure e-mail change's first confirmation): {msg, code: '200'}. */
export const gotrueMessage = (c: Context, message: string) => c.json({ msg: message, code: '200' });
