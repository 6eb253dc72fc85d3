import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runInWindows, toLoadFigures } from './load.js';

const hist = (o: Record<string, number>) => o as never;

describe('toLoadFigures', () => {
  it('reports rate, latency and counts every kind of failure', () => {
    const f = toLoadFigures({
      requests: hist({ average: 812.5, total: 8125 }),
      latency: hist({ p50: 11, p99: 42 }),
      errors: 3,
      timeouts: 1,
      non2xx: 5,
      statusCodeStats: { '200': { count: 8117 }, '409': { count: 4 }, '500': { count: 1 } },
    });
    expect(f).toEqual({
      rps: 812.5,
      p50Ms: 11,
      p99Ms: 42,
      requests: 8125,
      errors: 8,
      failures: { '409': 4, '500': 1, 'connection error': 2, timeout: 1 },
    });
  });

  it('has no failures for a clean run', () => {
    const f = toLoadFigures({
      requests: hist({ average: 10, total: 100 }),
      latency: hist({ p50: 1, p99: 2 }),
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      statusCodeStats: { '201': { count: 100 } },
    });
    expect(f.errors).toBe(0);
    expect(f.failures).toEqual({});
  });
});

describe('runInWindows', () => {
  it('keeps the windows of each group of requests apart (which kind of request a change comes from)', async () => {
    // answers /slow after 30 ms and /fast at once
    const server = createServer((req, res) => void setTimeout(() => res.end('ok'), req.url === '/slow' ? 30 : 0));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const requests = [{ path: '/fast' }, { path: '/slow' }, { path: '/fast' }];
      const run = await runInWindows({ url: `http://127.0.0.1:${port}`, connections: 2, requests }, 1, 1, ['fast', 'slow', 'fast']);
      expect(Object.keys(run.byGroup)).toEqual(['fast', 'slow']);
      const [fast] = run.byGroup.fast!;
      const [slow] = run.byGroup.slow!;
      // relative, not absolute: on a busy machine every answer is late, the slow ones always 30 ms later
      expect(slow!.p50Ms).toBeGreaterThanOrEqual(25); // a timer may fire up to a millisecond early
      expect(fast!.p50Ms).toBeLessThan(slow!.p50Ms);
      // two fast answers for each slow one, and the groups add up to the whole run
      expect(fast!.rps).toBeGreaterThan(1.5 * slow!.rps);
      expect(fast!.rps + slow!.rps).toBeCloseTo(run.windows[0]!.rps, 5);
    } finally {
      server.close();
    }
  }, 20_000);
});
