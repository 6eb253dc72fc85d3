// GET /metrics: Prometheus text behind METRICS_TOKEN (404 without it), labelled by route template, with database,
// event-loop, rate-limit, mail and coach series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachTokens, registry } from '../src/metrics.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

const TOKEN = 'metrics-token-for-the-service-test';

/** The value of one series, e.g. sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  it('does not exist (404), with or without a token', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestServer;
  const scrape = async () => {
    const r = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  beforeAll(async () => {
    // The registry is the process's: earlier files in this worker (isolate: false, docs/decisions/0068) counted too.
    registry.resetMetrics();
    // Port 1 refuses connections: every SMTP hand-over fails, as with a mail service down.
    t = await startTestServer({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: 'smtp://127.0.0.1:1',
      AUTH_RATE_LIMIT_IP: '1',
      AUTH_EMAIL_MIN_INTERVAL: '0',
    });
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  it('refuses a missing or wrong bearer token with 401', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it('counts and times requests per route template, never per raw path', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    const table = await fetch(`${t.url}/rest/v1/no_such_table_x1?select=*`, { headers: { apikey: t.anonKey } });
    expect(table.status).toBeGreaterThanOrEqual(400);
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBe(3);
    expect(text).toContain(`route="/rest/v1/:table",status="${table.status}"`);
    expect(text).not.toContain('no_such_table_x1');
  });

  it('reports database call durations, pool connections on PostgreSQL, and event-loop lag', async () => {
    const text = await scrape();
    const driver = SERVICE_DB === 'postgres' ? 'postgres' : 'pglite';
    expect(sample(text, `db_query_duration_seconds_count{driver="${driver}",op="query"}`)).toBeGreaterThan(0);
    expect(sample(text, `db_query_duration_seconds_count{driver="${driver}",op="transaction"}`)).toBeGreaterThan(0);
    if (SERVICE_DB === 'postgres') expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('counts mail failures and rate-limit refusals', async () => {
    const email = `metrics-${Date.now()}@example.com`;
    const signUp = await t.client().auth.signUp({ email, password: 'a-long-metrics-password-1' });
    expect(signUp.error).toBeNull();
    const recover = (headers: Record<string, string> = {}) =>
      fetch(`${t.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email }),
      });
    expect((await recover()).status).toBe(500); // the mail could not be handed over
    expect((await recover()).status).toBe(429); // AUTH_RATE_LIMIT_IP=1: the second recover from this address
    const text = await scrape();
    expect(sample(text, 'mail_failures_total{transport="smtp"}')).toBe(1);
    expect(sample(text, 'rate_limit_refusals_total{limit="auth-recover-ip"}')).toBe(1);
  });

  it("exports the coach's token counter", async () => {
    coachTokens.inc({ kind: 'input' }, 120);
    coachTokens.inc({ kind: 'output' }, 30);
    const text = await scrape();
    expect(sample(text, 'coach_tokens_total{kind="input"}')).toBe(120);
    expect(sample(text, 'coach_tokens_total{kind="output"}')).toBe(30);
  });
});
