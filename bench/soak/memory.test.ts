import { describe, expect, it } from 'vitest';
import { memoryTrend } from './memory.js';

describe('memoryTrend', () => {
  it('calls a flat line after start-up stable, ignoring start-up garbage', () => {
    const t = memoryTrend([900, 600, 150, 151, 149, 152, 150, 151, 150, 150]);
    expect(t.baselineMb).toBe(150.5); // median of samples 3 and 4 (the second fifth)
    expect(t.grew).toBe(false);
    expect(t.verdict).toMatch(/^did not grow/);
  });

  it('reports steady growth past the threshold', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 150 + i * 5);
    const t = memoryTrend(samples);
    expect(t.grew).toBe(true);
    expect(t.baselineMb).toBe(177.5); // median of 170, 175, 180, 185
    expect(t.growthMb).toBeCloseTo(240 - 177.5);
    expect(t.verdict).toMatch(/^grew from 177\.5 MB/);
  });

  it('ignores growth under 10 MB as garbage-collector noise', () => {
    expect(memoryTrend([100, 100, 100, 100, 100, 108, 108, 108, 108, 108]).grew).toBe(false);
  });

  it('works with very few samples and needs two', () => {
    expect(memoryTrend([100, 200, 200]).grew).toBe(true);
    expect(() => memoryTrend([1])).toThrow();
  });
});
