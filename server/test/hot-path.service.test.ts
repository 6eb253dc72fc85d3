import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementNames } from '../src/rest/statement-names.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

/**
 * The request pipeline's shortcuts (issue 16, docs/decisions/0058): headers set on the Node response up front, the
 * body limit without building a WHATWG Request, compression skipped for clients that accept none, and prepared
 * statements per REST query shape on PostgreSQL. Each must answer exactly as the long way did.
 */
let t: TestServer;
const LIMIT = 2048;
beforeAll(async () => {
  t = await startTestServer({ BODY_LIMIT_BYTES: String(LIMIT), TRUST_PROXY: 'true' });
  // before any /rest/v1 request, so the schema cache (loaded on the first) knows the table
  await t.server.ctx.db
    .exec(`create table public.hot_path_probe (id int primary key, v int not null, secret boolean not null default false);
    alter table public.hot_path_probe enable row level security;
    create policy everyone_public on public.hot_path_probe for select to anon, authenticated using (not secret);
    create policy members_all on public.hot_path_probe for select to authenticated using (true);
    grant select on public.hot_path_probe to anon, authenticated;
    insert into public.hot_path_probe values (1, 10, false), (2, 20, true);
    create function public.hot_path_headers() returns text language sql stable
      as $$ select current_setting('request.headers', true) $$;
    grant execute on function public.hot_path_headers() to anon;`);
}, 120_000);
afterAll(() => t?.close());

/** A raw HTTP/1.1 request, so Content-Length and chunked bodies are ours to choose. */
function raw(
  method: string,
  path: string,
  opts: { headers?: http.OutgoingHttpHeaders; body?: string; chunked?: boolean } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (opts.body !== undefined) {
      if (opts.chunked) {
        // two chunks, no Content-Length: Node sends Transfer-Encoding: chunked
        req.write(opts.body.slice(0, opts.body.length / 2));
        req.end(opts.body.slice(opts.body.length / 2));
      } else req.end(opts.body);
    } else req.end();
  });
}

const joinBody = (size: number) => JSON.stringify({ name: 'Hot Path', email: 'hot-path@example.com', source: 'x'.repeat(size) });

describe(`request pipeline (${SERVICE_DB})`, () => {
  it('sends the security headers and the request id on answers from handlers, errors and the body limit', async () => {
    const answers = [
      await raw('GET', '/api/health'),
      await raw('GET', '/rest/v1/no_such_table', { headers: { apikey: t.anonKey } }),
      await raw('POST', '/api/waitlist', { headers: { 'content-type': 'application/json' }, body: joinBody(LIMIT) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 413]);
    for (const a of answers) {
      expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(a.headers['x-frame-options']).toBe('DENY');
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers['strict-transport-security']).toBeUndefined();
    }
    const given = await raw('GET', '/api/health', { headers: { 'x-request-id': 'trace-me-1', 'x-forwarded-proto': 'https' } });
    expect(given.headers['x-request-id']).toBe('trace-me-1');
    expect(given.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains'); // TRUST_PROXY
  });

  it('refuses a body over BODY_LIMIT_BYTES, by Content-Length or chunked, and passes one under it', async () => {
    const json = { 'content-type': 'application/json' };
    const over = await raw('POST', '/api/waitlist', { headers: json, body: joinBody(LIMIT) });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ code: 413, error_code: 'request_too_large', message: 'Request body too large' });
    const overChunked = await raw('POST', '/api/waitlist', { headers: json, body: joinBody(LIMIT), chunked: true });
    expect(overChunked.status).toBe(413);
    const rest = await raw('POST', '/rest/v1/analytics_events', {
      headers: { ...json, apikey: t.anonKey, prefer: 'return=minimal' },
      body: JSON.stringify({ event_type: 'page_view', event_data: { pad: 'y'.repeat(LIMIT) }, session_id: 'hot-path' }),
    });
    expect(rest.status).toBe(413);
    // /rest/v1 answers in PostgREST's four keys, as its other errors do
    expect(JSON.parse(rest.body)).toEqual({ code: 'request_too_large', message: 'Request body too large', details: null, hint: null });
    // under the limit, both ways: the handler reads the whole body (validation answers, not the limit)
    for (const chunked of [false, true]) {
      const under = await raw('POST', '/api/waitlist', { headers: json, body: JSON.stringify({ email: 'not-an-address' }), chunked });
      expect(under.status).toBe(400);
    }
  });

  it('compresses for clients that accept it and says Vary: Accept-Encoding to those that do not', async () => {
    const path = '/rest/v1/integrations?select=id,name,description,category&limit=50';
    const plain = await raw('GET', path, { headers: { apikey: t.anonKey } });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect((JSON.parse(plain.body) as unknown[]).length).toBeGreaterThan(0);
    const gz = await raw('GET', path, { headers: { apikey: t.anonKey, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('Accept-Encoding');
  });
});

describe(`REST answers built on the Node response (${SERVICE_DB})`, () => {
  it('pass request.headers as Headers.forEach lists them and answer with their own headers', async () => {
    const res = await raw('GET', '/rest/v1/rpc/hot_path_headers', {
      headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}`, cookie: 'a=1', 'X-Dup': ['one', 'two'], 'x-Solo': ' s ' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-range']).toBe('0-0/*');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const text = JSON.parse(res.body) as string;
    const headers = JSON.parse(text) as Record<string, string>;
    // lower-cased, sorted, repeated fields joined, credentials and cookies left out
    expect(Object.keys(headers)).toEqual(Object.keys(headers).sort());
    expect(headers).toMatchObject({ 'x-dup': 'one, two', 'x-solo': 's' });
    expect(Object.keys(headers)).not.toContain('apikey');
    expect(Object.keys(headers)).not.toContain('authorization');
    expect(Object.keys(headers)).not.toContain('cookie');
    expect(text).toBe(JSON.stringify(headers));
  });
});

describe(`prepared REST statements (${SERVICE_DB})`, () => {
  const sql = (q: string) => t.server.ctx.db.exec(q);
  const read = async (token = t.anonKey) => {
    const res = await fetch(`${t.url}/rest/v1/hot_path_probe?select=id,v&order=id`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: number; v: unknown }[];
  };

  it('answer from the schema as it is after DDL, and per role under RLS', async () => {
    const user = t.client();
    const { data, error } = await user.auth.signUp({ email: 'hot-path-reader@example.com', password: 'Hot-path-reader-1' });
    expect(error).toBeNull();
    const token = data.session!.access_token;

    // the same shape, many times, alternating roles: each connection plans it once, RLS still per role
    for (let i = 0; i < 6; i++) {
      expect(await read()).toEqual([{ id: 1, v: 10 }]);
      expect(await read(token)).toEqual([
        { id: 1, v: 10 },
        { id: 2, v: 20 },
      ]);
    }
    if (SERVICE_DB === 'postgres') expect(statementNames(t.server.ctx.db).size).toBeGreaterThan(0);

    // a column changes type: the prepared statement is re-planned, the body follows
    await sql(`alter table public.hot_path_probe alter column v type text using 'v' || v::text`);
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, v: 'v10' }]);

    // the table is replaced (a new relation under the same name)
    await sql(`drop table public.hot_path_probe;
      create table public.hot_path_probe (id int primary key, v jsonb);
      grant select on public.hot_path_probe to anon, authenticated;
      insert into public.hot_path_probe values (7, '{"a": 1}');`);
    for (let i = 0; i < 3; i++) expect(await read(token)).toEqual([{ id: 7, v: { a: 1 } }]);
  });
});
