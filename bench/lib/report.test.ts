import { describe, expect, it } from 'vitest';
import { renderMarkdown, serverTable } from './report.js';
import type { BenchReport, ServerPart } from './types.js';

const part: ServerPart = {
  connections: 10,
  durationSeconds: 10,
  warmupSeconds: 3,
  skipped: [],
  signIn: [{ database: 'pglite', availability: { available: true }, samples: 100, medianMs: 61.2, p95Ms: 80.4, bcryptCost: 10 }],
  cases: [
    {
      id: 'select',
      title: 'Catalogue select',
      database: 'pglite',
      availability: { available: true },
      load: { rps: 800, p50Ms: 11, p99Ms: 40, requests: 8000, errors: 2, failures: { '500': 2 } },
      reference: { what: 'the same select in SQL', rps: 4000, p50Ms: 2, p99Ms: 5, errors: 0 },
      overhead: 5,
    },
    {
      id: 'join',
      title: 'Waitlist join',
      database: 'postgres',
      availability: { available: false, reason: 'POST /rest/v1/rpc/join_waitlist: HTTP 404' },
    },
  ],
};

describe('serverTable', () => {
  it('puts the reference and the overhead beside each figure', () => {
    const line = serverTable(part).split('\n')[2];
    expect(line).toBe('| Catalogue select | PGlite | 800 | 11.0 ms | 40.0 ms | 2 (500: 2) | the same select in SQL | 4,000 | 5.0× |');
  });

  it('reports a missing endpoint as not available instead of figures', () => {
    expect(serverTable(part).split('\n')[3]).toContain(
      '| Waitlist join | PostgreSQL | not available: POST /rest/v1/rpc/join_waitlist: HTTP 404 |',
    );
  });
});

describe('renderMarkdown', () => {
  const report: BenchReport = {
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:10:00.000Z',
    machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 8, node: 'v20', commit: 'abc1234' },
    loadAverage: { start: 1.5, end: 3.25 },
    settings: { durationSeconds: 10, soakSeconds: 600, only: ['server'], connections: 10 },
    server: part,
  };

  it('renders only the part that ran, named in its title', () => {
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe('# Benchmark report: server under load');
    expect(md).toContain('## Server under load');
    expect(md).toContain('| PGlite | 100 | 61.2 ms | 80.4 ms | 10 |');
    expect(md).not.toContain('## Web pages');
    expect(md).not.toContain('Parts not run');
    expect(md).toContain('Load average (1 min) 1.5 at the start, 3.3 at the end');
    expect(md).toContain('- Filtered catalogue select: 800 req/s (PGlite)');
    expect(md).toContain('- Analytics batch insert of 20 events: not available');
    expect(md).toContain('- Password sign-in, median of 100 one at a time: 61.2 ms (p95 80.4 ms, PGlite)');
  });

  it('gives the median of several Lighthouse runs with their spread', () => {
    const md = renderMarkdown({
      ...report,
      settings: { ...report.settings, only: ['web'] },
      server: undefined,
      web: {
        availability: { available: true },
        transfer: [],
        bundle: { entry: null, routes: [] },
        lighthouse: [
          {
            page: '/pricing',
            preset: 'mobile',
            performance: 0.99,
            accessibility: 1,
            lcpMs: 905,
            tbtMs: 60,
            cls: 0,
            runs: 3,
            performanceRange: [0.96, 1],
            tbtRange: [12, 236],
          },
        ],
      },
    });
    expect(md).toContain('every figure is the median of 3 runs per page');
    expect(md).toContain('| /pricing | mobile | 99 | 100 | 905 ms | 60.0 ms | 0.000 | 3 | 96–100 | 12.0 ms–236 ms |');
  });
});
