import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from './e2e/support/browser';
import { E2E_OPERATOR_SETTINGS } from './e2e/support/operator-settings';
import { ensureServerBundle } from './server/test/support/server-bundle';

// One server for the whole run, started the way `npm start` starts it, on a random port with a temporary DATA_DIR.
// The config is evaluated again in each worker: the values are fixed once through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
// DATA_DIR starts as a copy of the migrated PGlite template the service suite uses, and the server runs as built for
// release (`node server/dist/main.js`, here a private build), not compiled again by tsx (docs/decisions/0079).
// (Imported only here: the workers, which evaluate this file again, need not load PGlite.)
// The runner that made it removes it when it exits (after stopping the webServer): 44 MB a run, in memory where
// TMPDIR is /dev/shm (npm test).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = await (await import('./e2e/support/data-dir')).e2eDataDir('main');
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const serverBundle = ensureServerBundle();
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;
const webDist = process.env.E2E_WEB_DIST;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Its own folder: Playwright empties it at start, and the vitest results beside it may be written meanwhile.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    // A trace records screenshots and DOM snapshots of every action of every test, and 'retain-on-failure' pays that
    // for the tests that pass too: 35-50 % of the e2e CPU time (docs/decisions/0079). Traced on the retry in CI (retries
    // 1 there); locally a failing test leaves its screenshot, and `npx playwright test <spec> --trace=on` traces it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // No optimising JavaScript compiler in the page (--max-opt=1): a test's page runs its code briefly, and with
    // Playwright's workers likewise (scripts/test.mjs) five e2e specs took ~5 % less CPU (docs/decisions/0211). The
    // web bench measures the page with V8's default.
    launchOptions: { executablePath: CHROME_PATH, args: [...CHROMIUM_ARGS, '--js-flags=--max-opt=1'] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // E2E_WEB_DIST: build into (and serve from) a private folder, so several people can run e2e at once. The build
    // is skipped when that folder already holds a build of the same sources (scripts/build-web-once.mjs).
    command: [
      process.env.E2E_SKIP_BUILD ? '' : 'node scripts/build-web-once.mjs && ',
      `node --enable-source-maps ${path.join(serverBundle, 'main.js')}`,
    ].join(''),
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_BCRYPT_COST: '4',
      // (PostgreSQL's default buffer cache: this server opens once and serves the whole run; the specs' own servers,
      // opened per spec, ask for 16 MB, docs/decisions/0207.)
      // For the build's prerender and for the server alike (a deployment with its contact details, booking and video).
      ...E2E_OPERATOR_SETTINGS,
      ...(process.env.E2E_EXTRA_ENV ? JSON.parse(process.env.E2E_EXTRA_ENV) : {}),
    },
  },
});
