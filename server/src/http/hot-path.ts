import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { nodeResponse } from './node-io.js';

/**
 * hono's bodyLimit, without its cost on requests that cannot have a body or that declare their length (issue 16).
 * hono's reads `c.req.raw.body` first, which makes @hono/node-server build a full WHATWG Request (AbortController,
 * undici header validation, a body stream) for every request, GETs included: about a tenth of a REST read's CPU.
 * GET and HEAD requests reach handlers without a body on Node; a Content-Length without Transfer-Encoding is what
 * Node's HTTP parser holds the body to, so comparing it is what hono does too. Chunked bodies go to hono's.
 */
export function requestBodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return parseInt(length, 10) > maxSize ? onError(c) : next();
    }
    return streamed(c, next);
  };
}

/**
 * hono's compress, skipped for clients that accept no encoding (no Accept-Encoding header: curl, load generators,
 * many server-side clients): nothing can be compressed for them, and compress would still turn the response's plain
 * header object into a WHATWG Headers to add `Vary: Accept-Encoding`. That header is still sent (on Node, set on the
 * outgoing response; a handler's own Vary takes precedence, which is harmless for an uncompressed answer).
 */
export function responseCompression(): MiddlewareHandler {
  const gzip = compress();
  return async (c, next) => {
    if (c.req.header('accept-encoding') !== undefined) return gzip(c, next);
    const out = nodeResponse(c);
    if (!out) return gzip(c, next);
    out.setHeader('Vary', 'Accept-Encoding');
    return next();
  };
}

/** The path of a request URL as sent (no decoding, no query), without parsing a URL object. */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start < 0) return '/';
  const q = url.indexOf('?', start);
  const h = url.indexOf('#', start);
  const end = q < 0 ? (h < 0 ? url.length : h) : h < 0 ? q : Math.min(q, h);
  return url.slice(start, end);
}
