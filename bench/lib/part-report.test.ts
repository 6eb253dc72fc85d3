import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writePartReport } from './part-report.js';
import type { BenchReport } from './types.js';

const report: BenchReport = {
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:05:00.000Z',
  machine: { cpus: 2, cpuModel: 'Test CPU', memoryGb: 8, node: 'v22', commit: 'abc1234' },
  loadAverage: { start: 1, end: 1 },
  settings: { durationSeconds: 10, soakSeconds: 600, only: ['soak'], connections: 10 },
  soak: { availability: { available: false, reason: 'not in this test' } } as BenchReport['soak'],
};

describe('writePartReport', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("writes PART.md and PART.json and leaves the other parts' reports as they were", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-results-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'web.md'), 'the last web run\n');
    expect(writePartReport(dir, report)).toBe(path.join(dir, 'soak.md'));
    expect(readFileSync(path.join(dir, 'soak.md'), 'utf8')).toMatch(/^# Benchmark report: soak\n/);
    expect(JSON.parse(readFileSync(path.join(dir, 'soak.json'), 'utf8')).settings.only).toEqual(['soak']);
    expect(readFileSync(path.join(dir, 'web.md'), 'utf8')).toBe('the last web run\n');
    expect(existsSync(path.join(dir, 'latest.md'))).toBe(false);
  });

  it('refuses a report of several parts', () => {
    expect(() => writePartReport('/nonexistent', { ...report, settings: { ...report.settings, only: ['web', 'soak'] } })).toThrow(
      /one part/,
    );
  });
});
