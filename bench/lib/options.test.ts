import { describe, expect, it } from 'vitest';
import { loadOptions } from './options.js';

describe('loadOptions', () => {
  it('defaults to every part, 10 s per case and a 10-minute soak', () => {
    const o = loadOptions({});
    expect(o).toMatchObject({
      durationSeconds: 10,
      soakSeconds: 600,
      connections: 10,
      parts: ['web', 'server', 'soak', 'coach', 'connections', 'crm'],
      signInSamples: 100,
      lighthouseRuns: 3,
    });
    expect(o.warmupSeconds).toBe(3);
  });

  it('reads BENCH_ONLY as a comma list of parts', () => {
    expect(loadOptions({ BENCH_ONLY: 'server, soak' }).parts).toEqual(['server', 'soak']);
  });

  it('reads BENCH_CASES as a comma list of server case ids (empty = all)', () => {
    expect(loadOptions({}).cases).toEqual([]);
    expect(loadOptions({ BENCH_CASES: 'select, signin' }).cases).toEqual(['select', 'signin']);
  });

  it('rejects unknown parts and out-of-range durations with the variable name', () => {
    expect(() => loadOptions({ BENCH_ONLY: 'everything' })).toThrow(/BENCH_ONLY/);
    expect(() => loadOptions({ BENCH_DURATION_SECONDS: '0' })).toThrow(/BENCH_DURATION_SECONDS/);
    expect(() => loadOptions({ BENCH_LIGHTHOUSE_RUNS: '0' })).toThrow(/BENCH_LIGHTHOUSE_RUNS/);
  });

  it('keeps short development runs short', () => {
    const o = loadOptions({ BENCH_DURATION_SECONDS: '2', BENCH_SOAK_SECONDS: '20' });
    expect(o.warmupSeconds).toBe(1);
    expect(o.soakSeconds).toBe(20);
  });
});
