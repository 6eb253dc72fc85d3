import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CORS, authCors } from './cors.js';
import { readBody } from './request.js';
import { z } from 'zod';

/** The same little app behind hono's cors and behind authCors, on a real Node server (the shortcut is Node's). */
function appWith(mw: MiddlewareHandler) {
  const app = new Hono();
  app.use('*', mw);
  app.get('/settings', (c) => c.json({ ok: true }));
  app.get('/listed', (c) => {
    c.header('X-Total-Count', '3');
    return c.json([], 200, { Link: '</x>; rel="next"' });
  });
  app.post('/token', async (c) => c.json(await readBody(c, z.object({ refresh_token: z.string().optional() }))));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_err, c) => c.json({ msg: 'failed' }, 500));
  return app;
}

let servers: ServerType[] = [];
let urls: string[] = [];
beforeAll(async () => {
  servers = [];
  urls = [];
  for (const mw of [cors(AUTH_CORS), authCors()]) {
    const s = await new Promise<ServerType>((resolve) => {
      const srv = serve({ fetch: appWith(mw).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv));
    });
    servers.push(s);
    urls.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
  }
});
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

function raw(base: string, method: string, path: string, headers: http.OutgoingHttpHeaders = {}, body?: string | Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const corsOf = (h: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k.startsWith('access-control-') || k === 'vary' || k === 'content-type'));

describe('authCors (issue 16)', () => {
  const cases: [string, string, http.OutgoingHttpHeaders, string?][] = [
    ['GET', '/settings', {}],
    ['GET', '/settings', { origin: 'https://elsewhere.example' }],
    ['GET', '/listed', { origin: 'https://elsewhere.example' }],
    ['GET', '/boom', {}],
    ['GET', '/missing', {}],
    ['POST', '/token', { 'content-type': 'application/json' }, '\uFEFF{"refresh_token":"abc\uFFFF"}'],
    ['OPTIONS', '/token', { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' }],
    ['OPTIONS', '/token', { origin: 'https://elsewhere.example', 'access-control-request-headers': 'x-a, x-b' }],
  ];
  it.each(cases)('answers %s %s with the headers and body of hono cors', async (method, path, headers, body) => {
    const [before, after] = await Promise.all(urls.map((u) => raw(u, method, path, headers, body)));
    expect(after!.status).toBe(before!.status);
    expect(corsOf(after!.headers)).toEqual(corsOf(before!.headers));
    expect(after!.body).toBe(before!.body);
    if (method !== 'OPTIONS') expect(after!.headers['access-control-allow-origin']).toBe('*');
  });

  it('reads a body leniently, as Response.text() does: BOM dropped, invalid bytes replaced', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"refresh_token":"a'),
      Buffer.from([0xff]),
      Buffer.from('b"}'),
    ]);
    const res = (await raw(urls[1]!, 'POST', '/token', { 'content-type': 'application/json' }, bytes)).body;
    expect(JSON.parse(res)).toEqual({ refresh_token: `a${await new Response(new Uint8Array([0xff])).text()}b` });
  });
});
