import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOut, OutboundError } from './outbound.js';
import { retryDelayMs } from './runs.js';

// A real local server: redirects, slow answers and big bodies, as receivers in the wild send them.
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/hop') {
      const n = Number(u.searchParams.get('n'));
      res.writeHead(307, { location: n > 0 ? `/hop?n=${n - 1}` : '/ok' }).end();
    } else if (u.pathname === '/see-other') res.writeHead(303, { location: '/method' }).end();
    else if (u.pathname === '/to-ftp') res.writeHead(302, { location: 'ftp://example.com/x' }).end();
    else if (u.pathname === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else if (u.pathname === '/slow') setTimeout(() => res.writeHead(200).end('late'), 2_000);
    else if (u.pathname === '/big') res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(200_000));
    else if (u.pathname === '/method') res.writeHead(200).end(req.method);
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const open = { allowPrivate: true, connectTimeoutMs: 1_000, totalTimeoutMs: 1_000 };
const post = (url: string) => ({ url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{}' });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof OutboundError ? e.kind : String(e)),
  );

describe('callOut', () => {
  it('refuses loopback unless private networks are allowed', async () => {
    expect(await failure(callOut(post(`${base}/`), { ...open, allowPrivate: false }))).toBe('refused_address');
    expect((await callOut(post(`${base}/`), open)).status).toBe(200);
  });

  it('follows up to three redirects, then stops', async () => {
    const r = await callOut(post(`${base}/hop?n=2`), open);
    expect(r).toMatchObject({ status: 200, redirects: 3, url: `${base}/ok` });
    expect(await failure(callOut(post(`${base}/hop?n=3`), open))).toBe('too_many_redirects');
  });

  it('checks every redirect: not http(s) or a metadata address is refused', async () => {
    expect(await failure(callOut(post(`${base}/to-ftp`), open))).toBe('bad_url');
    // this host may be called, but the redirect's address is judged again: the metadata address is refused
    const onlyThisHost = { ...open, allowPrivate: false, allowAddress: (ip: string) => ip === '127.0.0.1' };
    expect((await callOut(post(`${base}/`), onlyThisHost)).status).toBe(200);
    expect(await failure(callOut(post(`${base}/to-metadata`), onlyThisHost))).toBe('refused_address');
  });

  it('continues a 303 as a GET', async () => {
    expect((await callOut(post(`${base}/see-other`), open)).body).toBe('GET');
  });

  it('gives up after the total timeout (retryable)', async () => {
    const err = await callOut(post(`${base}/slow`), { ...open, totalTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundError);
    expect((err as OutboundError).kind).toBe('timeout');
    expect((err as OutboundError).retryable).toBe(true);
  });

  it('keeps only the first bytes of a big answer', async () => {
    const r = await callOut(post(`${base}/big`), { ...open, maxBodyBytes: 1_000 });
    expect(r.truncated).toBe(true);
    expect(r.body).toHaveLength(1_000);
  });

  it('an unreachable port is a retryable network error', async () => {
    const err = (await callOut(post('http://127.0.0.1:9/x'), open).catch((e: unknown) => e)) as OutboundError;
    expect([err.kind, err.retryable]).toEqual(['network', true]);
  });
});

describe('retry delays', () => {
  it('double from the base, half of each random: about an hour over six attempts at the default', () => {
    expect(retryDelayMs(1000, 2, () => 0)).toBe(500);
    expect(retryDelayMs(1000, 2, () => 1)).toBe(1000);
    expect(retryDelayMs(1000, 4, () => 1)).toBe(4000);
    const base = 120_000;
    const longest = [2, 3, 4, 5, 6].reduce((sum, n) => sum + retryDelayMs(base, n, () => 1), 0);
    const shortest = [2, 3, 4, 5, 6].reduce((sum, n) => sum + retryDelayMs(base, n, () => 0), 0);
    expect(longest / 60_000).toBe(62);
    expect(shortest / 60_000).toBe(31);
  });
});
