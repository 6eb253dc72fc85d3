import { describe, expect, it } from 'vitest';
import { combineWindows, p99Trend } from './windows.js';

const w = (requests: number, p50Ms: number, p99Ms: number, errors = 0, failures: Record<string, number> = {}) => ({
  rps: requests / 60,
  p50Ms,
  p99Ms,
  requests,
  errors,
  failures,
});

describe('combineWindows', () => {
  it('sums requests and errors, takes the rate over the whole time, the median p50 and the worst p99', () => {
    const all = combineWindows([w(6000, 2, 12), w(6000, 3, 19, 2, { '500': 2 }), w(3000, 2, 14, 1, { '500': 1 })], 150);
    expect(all).toEqual({ rps: 100, p50Ms: 2, p99Ms: 19, requests: 15000, errors: 3, failures: { '500': 3 } });
  });

  it('refuses an empty soak', () => {
    expect(() => combineWindows([], 60)).toThrow();
  });
});

describe('p99Trend', () => {
  it('lists each minute and puts the first and last side by side', () => {
    expect(p99Trend([{ p99Ms: 12 }, { p99Ms: 13.4 }, { p99Ms: 18 }])).toBe(
      'p99 per minute: 12, 13, 18 ms (first minute 12 ms, last 18 ms).',
    );
  });

  it('says nothing for a single window', () => {
    expect(p99Trend([{ p99Ms: 12 }])).toBe('');
  });
});
