import { describe, expect, it } from 'vitest';
import { median, overheadRatio, percentile, summarise } from './stats.js';

describe('percentile', () => {
  it('interpolates between closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 25)).toBe(20);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBeCloseTo(9.55);
  });

  it('does not depend on input order and does not mutate it', () => {
    const input = [5, 1, 4, 2, 3];
    expect(percentile(input, 50)).toBe(3);
    expect(input).toEqual([5, 1, 4, 2, 3]);
  });

  it('returns the extremes at 0 and 100, NaN for no values, and rejects bad p', () => {
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('median of one value is that value', () => {
    expect(median([7])).toBe(7);
  });
});

describe('summarise', () => {
  it('gives count, mean and the tail percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    const s = summarise(values);
    expect(s.count).toBe(100);
    expect(s.mean).toBe(50.5);
    expect(s.p50).toBe(50.5);
    expect(s.p95).toBeCloseTo(95.05);
    expect(s.max).toBe(100);
  });

  it('summarises a million latencies (a PostgreSQL `select 1` reference) without overflowing the stack', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => (i === 500_000 ? 2_000_000 : i));
    expect(summarise(values).max).toBe(2_000_000);
  });
});

describe('overheadRatio', () => {
  it('is reference throughput over server throughput', () => {
    expect(overheadRatio(1000, 5000)).toBe(5);
  });
  it('is null when either side has no figure', () => {
    expect(overheadRatio(0, 5000)).toBeNull();
    expect(overheadRatio(1000, Number.NaN)).toBeNull();
  });
});
