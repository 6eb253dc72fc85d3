// SENTRY_DSN: unhandled server errors and browser reports reach a Sentry-compatible envelope endpoint (a local
// listener here), scrubbed of personal data; without SENTRY_DSN nothing is reported and the browser is told so.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELEASE } from '../src/release.js';
import { startTestServer, type TestServer } from './harness.js';

interface Received {
  path: string;
  auth: string;
  lines: Record<string, unknown>[];
}
type SentEvent = {
  platform: string;
  release: string;
  tags: Record<string, string>;
  exception: { values: { type: string; value: string; stacktrace: { frames: { filename: string; function: string }[] } }[] };
};

const METRICS_TOKEN = 'metrics-token-for-error-tracking';

/** Sends the headers and part of a body promising 100 kB to `path`, waits until the server runs it, then hangs up. */
async function abortUpload(t: TestServer, path: string, headers: Record<string, string> = {}) {
  const lifecycle = t.server.ctx.lifecycle!;
  const socket = connect(t.server.port, '127.0.0.1');
  await once(socket, 'connect');
  const head = Object.entries({ Host: '127.0.0.1', 'Content-Type': 'application/json', 'Content-Length': '100000', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n{"message":"half`);
  await expect.poll(() => lifecycle.inFlight).toBeGreaterThan(0);
  socket.destroy();
  await lifecycle.idle();
}

describe('error tracking with SENTRY_DSN', () => {
  let t: TestServer;
  let sink: Server;
  const received: Received[] = [];
  const next = async (count: number) => {
    await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
    expect(received.length).toBe(count);
    return received[count - 1]!;
  };

  beforeAll(async () => {
    sink = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          auth: String(req.headers['x-sentry-auth'] ?? ''),
          lines: body.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    const port = (sink.address() as AddressInfo).port;
    t = await startTestServer({ SENTRY_DSN: `http://publickey42@127.0.0.1:${port}/42`, METRICS_TOKEN });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => sink?.close(r));
  }, 30_000);

  it('tells the browser to report', async () => {
    expect(((await (await fetch(`${t.url}/api/config`)).json()) as { errorReporting: boolean }).errorReporting).toBe(true);
  });

  it("relays a browser report as an envelope, without the person's data", async () => {
    const res = await fetch(`${t.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'TypeError',
        message: 'cannot save jane@example.com (session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln from 203.0.113.9)',
        stack: 'TypeError: cannot save\n    at save (https://app.example.com/assets/index-Ab12.js?user=jane:10:20)',
        path: '/admin/users/0b7c3c1e-6a0e-4f7c-9d2a-2f1f7a0b9c11',
      }),
    });
    expect(res.status).toBe(202);
    const got = await next(1);
    expect(got.path).toBe('/api/42/envelope/');
    expect(got.auth).toContain('sentry_key=publickey42');
    expect(got.lines[1]).toEqual({ type: 'event' });
    const event = got.lines[2] as unknown as SentEvent;
    expect(event.platform).toBe('javascript');
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'cannot save [email] (session [token] from [ip])' });
    expect(event.exception.values[0]!.stacktrace.frames[0]).toMatchObject({ filename: '/assets/index-Ab12.js', function: 'save' });
    expect(event.tags).toEqual({ source: 'browser', page: '/admin/users/[uuid]' });
    const raw = JSON.stringify(got.lines);
    for (const secret of ['jane', '203.0.113', 'eyJ', '127.0.0.1']) expect(raw).not.toContain(secret);
    expect(Object.keys(event).sort()).toEqual([
      'environment',
      'event_id',
      'exception',
      'level',
      'platform',
      'release',
      'tags',
      'timestamp',
    ]);
  });

  it('refuses a malformed report', async () => {
    const res = await fetch(`${t.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stack: 1 }),
    });
    expect(res.status).toBe(400);
  });

  it('reports an unhandled server error with its request id and route template', async () => {
    const client = t.client();
    const { data } = await client.auth.signUp({ email: 'tracked@example.com', password: 'a-long-tracking-password-1' });
    const db = t.server.ctx.db;
    const query = db.query;
    // the database fails in a way no handler expects, quoting a value as PostgreSQL errors do
    db.query = () => Promise.reject(new Error('connection lost while reading tracked@example.com'));
    let res: Response;
    try {
      res = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.anonKey, authorization: `Bearer ${data.session!.access_token}` } });
    } finally {
      db.query = query;
    }
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    const got = await next(2);
    const event = got.lines[2] as unknown as SentEvent;
    expect(event.platform).toBe('node');
    expect(event.tags).toEqual({ source: 'server', requestId, method: 'GET', route: '/auth/v1/user' });
    expect(event.exception.values[0]!.value).toBe('connection lost while reading [email]');
    expect(event.exception.values[0]!.stacktrace.frames.length).toBeGreaterThan(0);
  });

  it('names the release in every report, browser and server: package name@version+commit', async () => {
    const [browser, server] = [received[0]!, received[1]!].map((r) => r.lines[2] as unknown as SentEvent);
    expect(RELEASE).toMatch(/^vibe-platform@\d+\.\d+\.\d+\+[0-9a-f]{12}$/); // this checkout is a git one
    expect(browser!.release).toBe(RELEASE);
    expect(server!.release).toBe(RELEASE);
  });

  it('takes an upload the client aborted for a client close (499): nothing reported, the server keeps answering', async () => {
    const before = received.length;
    // The Prometheus registry is the process's: files run before this one in the same worker counted their own
    // requests (a 500 of /auth/v1/recover among them), so the aborts are judged by what they added.
    const metricsText = async () => (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const earlier = await metricsText();
    await abortUpload(t, '/api/client-errors');
    // a service with its own error handler too
    await abortUpload(t, '/auth/v1/signup', { apikey: t.anonKey });

    expect((await fetch(`${t.url}/api/health/live`)).status).toBe(200);
    // a real failure afterwards is the very next report: the abort sent none before it
    const client = t.client();
    const { data } = await client.auth.signUp({ email: 'after-abort@example.com', password: 'a-long-tracking-password-2' });
    const db = t.server.ctx.db;
    const query = db.query;
    db.query = () => Promise.reject(new Error('database gone after the abort'));
    try {
      const res = await fetch(`${t.url}/auth/v1/user`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${data.session!.access_token}` },
      });
      expect(res.status).toBe(500);
    } finally {
      db.query = query;
    }
    const got = await next(before + 1);
    expect((got.lines[2] as unknown as SentEvent).exception.values[0]!.value).toBe('database gone after the abort');
    const metrics = await metricsText();
    // the abort ends where the body is read: the input guard (route template /api/*) or, on a busy machine, the route
    // itself; either way a 499 under that prefix, never a 500 for the POSTs
    for (const prefix of ['/api/', '/auth/v1/']) {
      const total = (text: string, status: number) =>
        text
          .split('\n')
          .filter((l) => l.startsWith(`http_requests_total{method="POST",route="${prefix}`) && l.includes(`status="${status}"`))
          .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
      expect(total(metrics, 499) - total(earlier, 499), prefix).toBeGreaterThan(0);
      expect(total(metrics, 500) - total(earlier, 500), prefix).toBe(0);
    }
  });
});

describe('error tracking without SENTRY_DSN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  it('has no report endpoint and tells the browser not to report', async () => {
    expect(((await (await fetch(`${t.url}/api/config`)).json()) as { errorReporting: boolean }).errorReporting).toBe(false);
    const res = await fetch(`${t.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x' }),
    });
    expect(res.status).toBe(404);
  });
});
