/**
 * `npm run bench`: web pages (Lighthouse, bytes, bundle), the server under load on PGlite and PostgreSQL,
 * and a soak run. Writes bench/results/latest.md and latest.json. Never part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCoachPart } from './coach/run-coach.js';
import { runConnectionsPart } from './connections/run-connections.js';
import { runCrmPart } from './crm/run-crm.js';
import { loadOptions } from './lib/options.js';
import { errorText, progress } from './lib/progress.js';
import { renderMarkdown } from './lib/report.js';
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

  // written after every part, so an interrupted run still leaves the parts it finished
  const write = () => {
    report.finishedAt = new Date().toISOString();
    report.loadAverage.end = os.loadavg()[0];
    const dir = path.join(REPO_ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
    writeFileSync(path.join(dir, 'latest.md'), renderMarkdown(report));
    progress(`wrote ${path.relative(process.cwd(), path.join(dir, 'latest.md'))} and latest.json`);
  };
  if (o.parts.includes('web')) {
    report.web = await runWebPart(o);
    write();
  }
  if (o.parts.includes('server')) {
    report.server = await runServerPart(o);
    write();
  }
  if (o.parts.includes('soak')) {
    report.soak = await runSoakPart(o);
    write();
  }
  if (o.parts.includes('coach')) {
    report.coach = await runCoachPart(o);
    write();
  }
  if (o.parts.includes('connections')) {
    report.connections = await runConnectionsPart(o);
    write();
  }
  if (o.parts.includes('crm')) {
    report.crm = await runCrmPart(o);
    write();
  }
}

main().catch((err) => {
  console.error(`bench failed: ${errorText(err)}`);
  process.exit(1);
});
