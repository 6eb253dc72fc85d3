import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, served at /metrics (METRICS_TOKEN). One registry per process: a server is one
 * process in production; tests that start several servers in one process see their sums. Labels are bounded sets
 * (route templates, limiter names, fixed kinds), never user input, so the series count cannot grow with traffic.
 */
export const registry = new Registry();

// Process CPU, memory, GC, handles and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route template.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of one database call (query, exec or whole transaction), by driver and operation.',
  labelNames: ['driver', 'op'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const dbQueryErrors = new Counter({
  name: 'db_query_errors_total',
  help: 'Database calls that failed, by driver and operation.',
  labelNames: ['driver', 'op'] as const,
  registers: [registry],
});

/** Connection pools to report (node-postgres only; PGlite is one in-process connection). */
const pools = new Set<() => { total: number; idle: number; waiting: number }>();

/** Reports a pool's connections in db_pool_connections until the returned function is called (on close). */
export function watchPool(stats: () => { total: number; idle: number; waiting: number }): () => void {
  pools.add(stats);
  return () => void pools.delete(stats);
}

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const stats of pools) {
      const s = stats();
      total += s.total;
      idle += s.idle;
      waiting += s.waiting;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit name (e.g. auth-signup-ip).',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const mailFailures = new Counter({
  name: 'mail_failures_total',
  help: 'Mails that could not be handed over, by transport (smtp or the development outbox).',
  labelNames: ['transport'] as const,
  registers: [registry],
});

/** The coach's model usage; the coach increments it per reply: coachTokens.inc({ kind: 'input' }, n). */
export const coachTokens = new Counter({
  name: 'coach_tokens_total',
  help: 'Language-model tokens used by the coach, by kind (input or output).',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const connectionRunsAccepted = new Counter({
  name: 'connection_runs_accepted_total',
  help: 'Connection runs queued, by kind (trigger, test, rerun).',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const connectionRunRefusals = new Counter({
  name: 'connection_run_refusals_total',
  help: "Connection triggers refused because the owner's plan has no runs left this month.",
  registers: [registry],
});
