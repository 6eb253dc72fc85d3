import { describe, expect, it } from 'vitest';
import { newMarks, scrollPercent } from './scroll-depth';

describe('scroll depth', () => {
  it('measures the share of the scrollable height passed', () => {
    expect(scrollPercent(0, 800, 800)).toBe(0);
    expect(scrollPercent(0, 800, 2800)).toBeLessThan(1);
    expect(scrollPercent(1000, 800, 2800)).toBeCloseTo(50.1, 0);
    expect(scrollPercent(1999, 800, 2800)).toBe(100);
  });
  it('reports each mark once, several at a time when jumping', () => {
    expect(newMarks(60, new Set())).toEqual([25, 50]);
    expect(newMarks(100, new Set([25, 50]))).toEqual([75, 100]);
    expect(newMarks(30, new Set([25]))).toEqual([]);
  });
});
