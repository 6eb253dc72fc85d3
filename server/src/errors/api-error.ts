import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose status and JSON body are safe to send as they are. Anything else becomes a generic 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

export function notFoundJson(c: Context) {
  return c.json({ code: 404, error_code: 'not_found', message: 'Not Found', path: new URL(c.req.url).pathname }, 404);
}
