// Lighthouse accessibility and best practices (the two categories that do not depend on machine load) for every
// prerendered public page, mobile and desktop presets, on a production build served as the bench serves it
// (issue 18: both stay 100). Prints a Markdown table; exits 1 when a score is below 100 or a page failed.
//   node --import tsx bench/web/a11y-scores.ts [dist folder, default apps/web/dist; built first when it has no index.html]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startChildServer } from '../server/child-server.js';
import { runLighthouse } from './lighthouse.js';

const dist = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'apps/web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  const r = spawnSync('node', ['scripts/build-web-once.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, E2E_WEB_DIST: dist },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { pages } = JSON.parse(readFileSync(path.join(dist, 'prerender.json'), 'utf8')) as { pages: string[] };

const server = await startChildServer({ WEB_DIST_DIR: dist });
let failed = false;
try {
  const rows = await runLighthouse(server.url, pages, ['accessibility', 'best-practices']);
  const pct = (n: number | undefined) => (n === undefined ? '–' : String(Math.round(n * 100)));
  console.log('\n| page | preset | accessibility | best practices | audits below 1 |\n| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    if (r.error || r.accessibility !== 1 || r.bestPractices !== 1) failed = true;
    console.log(
      `| ${r.page} | ${r.preset} | ${pct(r.accessibility)} | ${pct(r.bestPractices)} | ${r.error ?? (r.failing ?? []).join(', ')} |`,
    );
  }
} finally {
  await server.stop({ removeData: true });
}
process.exit(failed ? 1 : 0);
