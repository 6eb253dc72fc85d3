import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedProbe } from './paced-probe.js';

describe('pacedProbe', () => {
  // Answers at once, except the 50th request (150 ms late) and the 70th (503); notes when each request arrived.
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    arrivals.push(performance.now());
    const n = arrivals.length;
    const answer = () => res.writeHead(n === 70 ? 503 : 200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (n === 50) setTimeout(answer, 150);
    else answer();
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends at a steady rate, counts late answers against the requests they held up, and counts failures', async () => {
    const f = await pacedProbe(url, { method: 'GET', path: '/api/health' }, 100, 1);
    expect(f.requests).toBe(100);
    expect(arrivals).toHaveLength(100);
    // spread over the second, not sent back to back (autocannon's rate limit sends a second's requests at its start)
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(850);
    // the slow answer delayed the ~14 requests due during it: they count from when they were due, so the p99 shows
    // the stall (counting each from when it left, one sample in a hundred would be slow and the p99 a few ms)
    // (only lower bounds: the stall guarantees them; an upper bound on p50 failed on a busy machine, load 13)
    expect(f.p99Ms).toBeGreaterThan(100);
    expect(f.errors).toBe(1);
    expect(f.failures).toEqual({ '503': 1 });
  }, 30_000);
});
