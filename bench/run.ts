/**
 * `npm run bench`: web pages (Lighthouse, bytes, bundle), the server under load on PGlite and PostgreSQL,
 * a soak run, the coach, connections and the CRM. Each part writes its own bench/results/PART.md (and PART.json,
 * git-ignored). Never part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { runCoachPart } from './coach/run-coach.js';
import { runConnectionsPart } from './connections/run-connections.js';
import { runCrmPart } from './crm/run-crm.js';
import { type BenchOptions, loadOptions, type Part } from './lib/options.js';
import { errorText, progress } from './lib/progress.js';
import { writePartReport } from './lib/part-report.js';
import type { BenchReport } from './lib/types.js';
import { REPO_ROOT } from './server/child-server.js';
import { runServerPart } from './server/run-server-part.js';
import { runSoakPart } from './soak/run-soak.js';
import { runWebPart } from './web/run-web-part.js';

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const o = loadOptions();
  const cpus = os.cpus();
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      commit: commit(),
    },
    loadAverage: { start: os.loadavg()[0], end: 0 },
    settings: { durationSeconds: o.durationSeconds, soakSeconds: o.soakSeconds, only: o.parts, connections: o.connections },
  };
  progress(`parts: ${o.parts.join(', ')}; ${o.durationSeconds} s per case, soak ${o.soakSeconds} s, ${o.connections} connections`);

  // Each part writes its own report (bench/results/PART.md and PART.json) as soon as it ends: a run of one part
  // never overwrites another part's figures, and an interrupted run still leaves the parts it finished.
  const dir = path.join(REPO_ROOT, 'bench/results');
  const run = async <P extends Part>(part: P, measure: (o: BenchOptions) => Promise<NonNullable<BenchReport[P]>>) => {
    if (!o.parts.includes(part)) return;
    const partReport: BenchReport = {
      ...report,
      startedAt: new Date().toISOString(),
      loadAverage: { start: os.loadavg()[0], end: 0 },
      settings: { ...report.settings, only: [part] },
    };
    partReport[part] = await measure(o);
    partReport.finishedAt = new Date().toISOString();
    partReport.loadAverage.end = os.loadavg()[0];
    const file = writePartReport(dir, partReport);
    progress(`wrote ${path.relative(process.cwd(), file)} and ${part}.json`);
  };
  await run('web', runWebPart);
  await run('server', runServerPart);
  await run('soak', runSoakPart);
  await run('coach', runCoachPart);
  await run('connections', runConnectionsPart);
  await run('crm', runCrmPart);
}

main().catch((err) => {
  console.error(`bench failed: ${errorText(err)}`);
  process.exit(1);
});
