// npm test: typecheck, lint, unit, service (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), end-to-end.
// Runs every stage even when one fails, then prints one closing line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const hasPg = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPg) console.log('\nNOTICE: TEST_DATABASE_URL is unset: the service suite runs on PGlite only (PostgreSQL run skipped).');
if (!process.env.TEST_REDIS_URL) console.log('NOTICE: TEST_REDIS_URL is unset: the Redis rate-limit store tests and the two-instance scale-out test are skipped.\n');

const stages = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'server'], then: [['npx', ['tsc', '-p', 'apps/web']], ['npx', ['tsc', '-p', 'tsconfig.tools.json']]] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'unit', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json'], json: 'test-results/unit.json' },
  {
    name: 'service',
    cmd: 'npx',
    args: ['vitest', 'run', '--project', 'service', ...(hasPg ? ['--project', 'service-pg'] : []), '--reporter=default', '--reporter=json', '--outputFile=test-results/service.json'],
    json: 'test-results/service.json',
  },
  { name: 'e2e', cmd: 'npx', args: ['playwright', 'test'], json: 'test-results/e2e.json', playwright: true },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status === 0;

for (const s of stages) {
  const started = Date.now();
  console.log(`\n=== ${s.name} ===`);
  let ok = run(s.cmd, s.args);
  for (const [cmd, args] of s.then ?? []) ok = run(cmd, args) && ok;
  if (s.json && existsSync(s.json)) {
    const r = JSON.parse(readFileSync(s.json, 'utf8'));
    if (s.playwright) {
      totals.passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
      totals.failed += r.stats?.unexpected ?? 0;
      totals.skipped += r.stats?.skipped ?? 0;
    } else {
      totals.passed += r.numPassedTests ?? 0;
      totals.failed += r.numFailedTests ?? 0;
      totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    }
  }
  if (!ok) failedStages.push(s.name);
  console.log(`=== ${s.name}: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
}

if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
