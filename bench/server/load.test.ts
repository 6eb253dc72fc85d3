import { describe, expect, it } from 'vitest';
import { toLoadFigures } from './load.js';

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
