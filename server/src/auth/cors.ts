import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { nodeResponse } from '../http/node-io.js';

/** What /auth/v1 allows cross-origin (GoTrue's CORS: any origin, no credentials). */
export const AUTH_CORS = {
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: [
    'Accept',
    'Authorization',
    'Content-Type',
    'X-Client-Info',
    'X-Supabase-Api-Version',
    'apikey',
    'x-client-info',
    'X-JWT-AUD',
  ],
  exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'],
  maxAge: 86400,
};

/**
 * hono's cors with AUTH_CORS, without its cost on the requests that are not preflights (issue 16). hono's sets
 * `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers` through `c.res.headers` before the handler runs,
 * which makes hono build an undici Response and Headers for every request and then copy them into the handler's
 * Response (about a tenth of a refresh grant's server CPU). On Node the same two headers go on the outgoing response
 * instead, as securityHeaders does; Node merges them into the handler's at writeHead, error answers included, as
 * hono's merge did. Preflights (OPTIONS), and every request outside Node (app.request()), go to hono's middleware.
 */
export function authCors(): MiddlewareHandler {
  const full = cors(AUTH_CORS);
  const expose = AUTH_CORS.exposeHeaders.join(',');
  return async (c, next) => {
    const out = c.req.method === 'OPTIONS' ? undefined : nodeResponse(c);
    if (!out) return full(c, next);
    out.setHeader('Access-Control-Allow-Origin', AUTH_CORS.origin);
    out.setHeader('Access-Control-Expose-Headers', expose);
    return next();
  };
}
