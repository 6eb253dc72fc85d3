import type { Context, MiddlewareHandler } from 'hono';
import { authError, sendAuthError } from '../errors/auth.js';
import { appErrorResponse, functionsError } from '../errors/json.js';
import type { Logger } from '../log.js';
import { jsonShapeProblem, LARGE_BODY_ROUTES, type JsonShapeCaps } from './json-shape.js';
import { rawPath } from './hot-path.js';
import { decodeUtf8, findUnsafeText, INVALID_UTF8_MESSAGE, queryProblem, rawQueryOf, textProblem } from './body.js';

/** How each service answers a refused input, in its own error shape (always 400). */
export type Refuse = (c: Context, message: string) => Response;

export const refuseFor = (log: Logger): Record<'/api' | '/functions/v1' | '/auth/v1', Refuse> => ({
  '/api': (c, message) => appErrorResponse(c, 'invalid_text', message),
  '/functions/v1': (c, message) => functionsError(c, 'invalid_text', message),
  '/auth/v1': (c, message) => {
    c.header('Access-Control-Allow-Origin', '*'); // the guard runs before /auth/v1's CORS middleware
    return sendAuthError(c, authError('validation_failed', message), log);
  },
});

// Bodies we can read as text. Anything else (there is no upload endpoint) is left to the handler, which refuses it.
const TEXT_TYPE = /^(application\/(json|[\w.+-]+\+json|x-www-form-urlencoded)|text\/[\w.+-]+)$/;

/** What is wrong with a text body (its JSON shape or text), or null. Invalid JSON is left to the handler and its own message. */
function bodyProblem(text: string, type: string, caps: JsonShapeCaps | undefined): string | null {
  if (type === 'application/x-www-form-urlencoded') return queryProblem(text.trim());
  const shape = jsonShapeProblem(text, caps);
  if (shape) return shape;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.includes('\u0000') ? `body ${textProblem(text)}` : null;
  }
  return findUnsafeText(value);
}

/**
 * Refuses, before any handler runs, a query string or text body that could not be stored as PostgreSQL text:
 * invalid percent-encoded UTF-8, invalid UTF-8 bytes, NUL characters or unpaired surrogates (issue 12 #9); and a
 * body over the JSON shape caps of ./json-shape.ts (issue 38).
 * The body is read once here; Hono caches it, so handlers read it again for free.
 */
export function inputGuard(refuse: Refuse): MiddlewareHandler {
  return async (c, next) => {
    const q = queryProblem(rawQueryOf(c));
    if (q) return refuse(c, q);
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
      const type = (c.req.header('content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
      if (TEXT_TYPE.test(type)) {
        const bytes = await c.req.arrayBuffer();
        if (bytes.byteLength) {
          const text = decodeUtf8(bytes);
          if (text === null) return refuse(c, INVALID_UTF8_MESSAGE);
          const problem = bodyProblem(text, type, LARGE_BODY_ROUTES[rawPath(c.req.url)]);
          if (problem) return refuse(c, problem);
        }
      }
    }
    return next();
  };
}
