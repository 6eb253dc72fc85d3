import { timingSafeEqual } from 'node:crypto';
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Config } from '../config.js';
import { httpDuration, httpRequests, registry } from '../metrics.js';
import { notFoundJson, prefixErrorResponse } from '../errors/json.js';
import { authorizationHeader } from './bearer.js';
import { CLIENT_CLOSED_REQUEST, clientClosedRequest } from './node-io.js';

/**
 * Counts and times every request under its route template ('/rest/v1/:table', never the raw path). The labelled
 * children are made once per (method, route[, status]) and kept, instead of a timer closure and two label objects
 * per request (issue 16); they stay valid across a registry reset (each observe looks its series up). The set is
 * bounded like the labels themselves (route templates, methods, status codes).
 */
export function requestMetrics(): MiddlewareHandler {
  const timers = new Map<string, { observe(seconds: number): void }>();
  const counters = new Map<string, { inc(): void }>();
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // After next(), the route index is the handler that answered (or threw).
      const route = routePath(c) || 'unmatched';
      const method = c.req.method;
      const key = `${method} ${route}`;
      let timer = timers.get(key);
      if (!timer) timers.set(key, (timer = httpDuration.labels({ method, route })));
      timer.observe((performance.now() - started) / 1000);
      // an aborted upload is the client's close (499), whatever a service's error handler answered
      const status = String(clientClosedRequest(c) ? CLIENT_CLOSED_REQUEST : c.res.status);
      const ckey = `${key} ${status}`;
      let counter = counters.get(ckey);
      if (!counter) counters.set(ckey, (counter = httpRequests.labels({ method, route, status })));
      counter.inc();
    }
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus text format) for a scraper holding `Authorization: Bearer METRICS_TOKEN`. Without
 * METRICS_TOKEN the path does not exist (404): metrics name routes and volumes, nothing for the public.
 */
export function registerMetrics<E extends Env>(app: Hono<E>, config: Pick<Config, 'METRICS_TOKEN'>) {
  async function servePrometheusMetrics(c: Context) {
    const token = config.METRICS_TOKEN;
    if (!token) return notFoundJson(c);
    const given = /^Bearer (.+)$/.exec(authorizationHeader(c) ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return prefixErrorResponse(c, 'metrics_token_required', { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  }
  app.get('/metrics', servePrometheusMetrics);
}
