import { timingSafeEqual } from 'node:crypto';
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Config } from '../config.js';
import { httpDuration, httpRequests, registry } from '../metrics.js';
import { notFoundJson } from '../errors/json.js';

/** Counts and times every request under its route template ('/rest/v1/:table', never the raw path). */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const end = httpDuration.startTimer();
    try {
      await next();
    } finally {
      // After next(), the route index is the handler that answered (or threw).
      const route = routePath(c) || 'unmatched';
      const labels = { method: c.req.method, route };
      end(labels);
      httpRequests.inc({ ...labels, status: String(c.res.status) });
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
  app.get('/metrics', async (c: Context) => {
    const token = config.METRICS_TOKEN;
    if (!token) return notFoundJson(c);
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return c.json({ code: 401, error_code: 'unauthorized', message: 'A valid metrics token is required' }, 401, {
        'WWW-Authenticate': 'Bearer',
      });
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  });
}
