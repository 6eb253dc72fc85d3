// npm test: typecheck, lint, unit, integration, service (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// end-to-end. Stages run side by side where they do not get in each other's way (docs/decisions/0043, 0206):
//   typecheck (three tsc at once) | lint | unit | web build   — all start at once (typecheck and lint at nice 10,
//   docs/decisions/0208);
//   integration, service (both databases, one vitest, two workers) and e2e start when the web build ends
//   (docs/decisions/0093).
// Each stage's output is kept and printed whole when it ends, under its name. Every stage runs even when one fails;
// the closing line is "tests: N passed, N failed, N skipped". TEST_SERIAL=1 runs the stages one after another.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

mkdirSync('test-results', { recursive: true });
// The e2e deployment's operator settings (contact details, booking and video) for every stage: the web build's
// prerender prints them, so the web build stage, the e2e server and the release test's build agree on one build.
const operatorSettings = JSON.parse(readFileSync('e2e/support/operator-settings.json', 'utf8'));
for (const [k, v] of Object.entries(operatorSettings)) process.env[k] ??= v;
// The web is built once, into a folder of the run's own (not apps/web/dist, which a developer's `npm run dev` or
// `npm start` may be using), by the web build stage; e2e serves it, and the release test's `npm run build` finds it
// up to date and packs it (scripts/build-web-once.mjs, scripts/release-pack.mjs).
process.env.E2E_WEB_DIST ??= path.resolve('.tmp/e2e-web/dist');
// Temporary files in memory where the machine has a tmpfs: every service test file and e2e server copies a 43 MB
// migrated PGlite database and writes to it; on /dev/shm a copy takes a quarter of the CPU time it takes on disk
// (docs/decisions/0207). The migrated templates are kept there between runs, like in /tmp.
if (!process.env.TMPDIR && existsSync('/dev/shm')) {
  const shm = '/dev/shm/vibe-tests';
  try {
    mkdirSync(shm, { recursive: true });
    accessSync(shm, constants.W_OK);
    process.env.TMPDIR = shm;
  } catch {
    // not writable: the system's temporary folder
  }
}
const hasPg = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPg) console.log('\nNOTICE: TEST_DATABASE_URL is unset: the service suite runs on PGlite only (PostgreSQL run skipped).');
if (!process.env.TEST_REDIS_URL)
  console.log('NOTICE: TEST_REDIS_URL is unset: the Redis rate-limit store tests and the two-instance scale-out test are skipped.\n');

// TypeScript 7's native compiler (the `typescript-7` package; ESLint and knip keep TypeScript 5's API), one thread
// each: the stages beside it already fill the cores, and threads cost CPU time (server: 8 CPU s so, 18 with its
// threads, 27 with TypeScript 5). Its incremental state lives in node_modules/.cache: a second run checks what changed.
const tsc = (project, name) => [
  'node',
  [
    'node_modules/typescript-7/bin/tsc',
    '-p',
    project,
    '--singleThreaded',
    '--incremental',
    '--tsBuildInfoFile',
    `node_modules/.cache/tsc7/${name}.tsbuildinfo`,
  ],
];
const vitest = (projects, out) => [
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${out}`],
];

// `background`: the stage has no timeouts, so it runs at a lower CPU priority (nice 10) and takes what the stages
// with timeouts (integration, service, e2e) leave: its work moves into their idle moments instead of slowing their
// tests down at the busy start of the run (docs/decisions/0208).
const stages = [
  {
    name: 'typecheck',
    background: true,
    cmds: [tsc('server', 'server'), tsc('apps/web', 'web'), tsc('tsconfig.tools.json', 'tools')],
  },
  {
    name: 'lint',
    background: true,
    cmds: [
      // Caches beside tsc's (docs/decisions/0068): a second run checks only changed files (ESLint by content, so
      // a fresh checkout with new mtimes is not a miss; a cycle is still reported at the changed file's import).
      // A clean checkout (CI) has no cache and checks everything.
      [
        'npx',
        ['eslint', '.', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'],
      ],
      // The project's own Prettier by path: the type generator's pinned copy (prettier-typegen, ADR 0174) also
      // installs a `prettier` bin, and which of the two npm links there depends on install order.
      [
        'node',
        [
          'node_modules/prettier/bin/prettier.cjs',
          '--check',
          '.',
          '--log-level',
          'warn',
          '--cache',
          '--cache-location',
          'node_modules/.cache/prettier/.prettier-cache',
        ],
      ],
      // Unused files, exports and dependencies (knip.ts).
      ['npx', ['knip']],
    ],
  },
  { name: 'unit', cmds: [vitest(['unit', 'unit-mocks'], 'test-results/unit.json')], json: 'test-results/unit.json' },
  { name: 'web build', cmds: [['node', ['scripts/build-web-once.mjs']]] },
  {
    // The *.integration.test.ts files: real databases, child processes, servers (docs/decisions/0206). After the
    // web build, which e2e (the longest stage) waits for: started at once, they would slow that build down.
    name: 'integration',
    after: ['web build'],
    cmds: [vitest(['integration'], 'test-results/integration.json')],
    json: 'test-results/integration.json',
  },
  {
    name: 'service',
    // after the web build: the release test packs it (a second build of the same folder beside it would race)
    after: ['web build'],
    cmds: [vitest(['service', ...(hasPg ? ['service-pg'] : [])], 'test-results/service.json')],
    json: 'test-results/service.json',
  },
  // The build is done and stamped: the webServer's own build-web-once call finds it up to date.
  {
    name: 'e2e',
    after: ['web build'],
    // Playwright's workers inherit the runner's node flags: no optimising JavaScript compiler (docs/decisions/0211).
    cmds: [['node', ['--max-opt=1', 'node_modules/@playwright/test/cli.js', 'test']]],
    json: 'test-results/e2e.json',
    playwright: true,
  },
];

for (const s of stages) if (s.json) rmSync(s.json, { force: true }); // a stale file must not count for a stage that did not write one

/** Runs one command, collecting its output; resolves with success. */
function run([cmd, args], sink, background) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Set before the command starts its own processes (npx, then the tool), which inherit it.
    if (background && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not permitted here: the stage runs at normal priority
      }
    }
    child.stdout.on('data', (b) => sink.push(b));
    child.stderr.on('data', (b) => sink.push(b));
    child.on('error', (err) => {
      sink.push(Buffer.from(`${cmd}: ${err.message}\n`));
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
const timings = [];
const t0 = Date.now();

function count(s) {
  if (!s.json || !existsSync(s.json)) return;
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

async function runStage(s) {
  const started = Date.now();
  console.log(`--- ${s.name}: started at +${Math.round((started - t0) / 1000)} s`);
  const out = [];
  const ok = (await Promise.all(s.cmds.map((c) => run(c, out, s.background)))).every(Boolean);
  count(s);
  if (!ok) failedStages.push(s.name);
  const secs = Math.round((Date.now() - started) / 1000);
  timings.push(`${s.name} ${secs} s`);
  process.stdout.write(`\n=== ${s.name} ===\n${Buffer.concat(out).toString()}=== ${s.name}: ${ok ? 'ok' : 'FAILED'} in ${secs} s ===\n`);
}

if (process.env.TEST_SERIAL) {
  for (const s of stages) await runStage(s);
} else {
  const done = new Map();
  const start = (s) => {
    if (!done.has(s.name))
      done.set(
        s.name,
        Promise.all((s.after ?? []).map((n) => start(stages.find((x) => x.name === n)))).then(() => runStage(s)),
      );
    return done.get(s.name);
  };
  await Promise.all(stages.map(start));
}

console.log(`\nStage times: ${timings.join(', ')}; total ${Math.round((Date.now() - t0) / 1000)} s`);
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
