import { describe, expect, it } from 'vitest';
import { memoryTrend } from './memory.js';

describe('memoryTrend', () => {
  it('calls a flat line after warm-up stable', () => {
    const t = memoryTrend([90, 140, 150, 151, 149, 152, 150, 151, 150, 150]);
    expect(t.baselineMb).toBe(140);
    expect(t.grew).toBe(false);
    expect(t.verdict).toMatch(/^did not grow/);
  });

  it('reports steady growth past the threshold', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 150 + i * 5);
    const t = memoryTrend(samples);
    expect(t.grew).toBe(true);
    expect(t.baselineMb).toBe(165); // highest of the first four samples
    expect(t.growthMb).toBeCloseTo(240 - 165);
    expect(t.verdict).toMatch(/^grew from 165\.0 MB/);
  });

  it('ignores growth under 10 MB as garbage-collector noise', () => {
    expect(memoryTrend([100, 100, 100, 100, 100, 108, 108, 108, 108, 108]).grew).toBe(false);
  });

  it('needs two samples', () => {
    expect(() => memoryTrend([1])).toThrow();
  });
});
