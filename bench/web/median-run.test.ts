import { describe, expect, it } from 'vitest';
import type { LighthouseRow } from '../lib/types.js';
import { medianRun } from './median-run.js';

const run = (performance: number, tbtMs: number, extra: Partial<LighthouseRow> = {}): LighthouseRow => ({
  page: '/pricing',
  preset: 'mobile',
  performance,
  accessibility: 1,
  lcpMs: 900,
  tbtMs,
  cls: 0,
  seo: 1,
  bestPractices: 1,
  ...extra,
});

describe('medianRun', () => {
  it('takes the median of each figure and keeps the spread of performance and TBT', () => {
    const row = medianRun([run(0.94, 290), run(1, 10), run(0.99, 60, { lcpMs: 950 })]);
    expect(row).toMatchObject({ page: '/pricing', preset: 'mobile', performance: 0.99, tbtMs: 60, lcpMs: 900, runs: 3 });
    expect(row.performanceRange).toEqual([0.94, 1]);
    expect(row.tbtRange).toEqual([10, 290]);
  });

  it('averages the middle two of an even count and leaves failed runs out', () => {
    const row = medianRun([run(0.9, 100), { page: '/pricing', preset: 'mobile', error: 'NO_FCP' }, run(1, 0)]);
    expect(row.performance).toBeCloseTo(0.95);
    expect(row.tbtMs).toBe(50);
    expect(row.runs).toBe(2);
    expect(row.error).toBeUndefined();
  });

  it('reports the error when every run failed', () => {
    const row = medianRun([
      { page: '/', preset: 'desktop', error: 'NO_NAVSTART' },
      { page: '/', preset: 'desktop', error: 'NO_FCP' },
    ]);
    expect(row).toMatchObject({ page: '/', preset: 'desktop', error: 'NO_FCP', runs: 2 });
  });

  it('merges the failing audits of every run', () => {
    const row = medianRun([run(1, 0, { failing: ['color-contrast'] }), run(1, 0, { failing: ['image-alt'] })]);
    expect(row.failing).toEqual(['color-contrast', 'image-alt']);
  });
});
