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
