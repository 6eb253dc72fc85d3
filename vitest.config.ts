import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { SHORT_LIVED_NODE_FLAGS } from './server/test/child-server';

const pg = Boolean(process.env.TEST_DATABASE_URL);
const service = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['server/test/**/*.service.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // One process runs file after file, keeping the server's loaded modules (docs/decisions/0068): a file no longer
    // pays for importing and transforming the server again. Files reset the process-wide state they count on
    // (metrics.service.test.ts resets the Prometheus registry); worker-setup.ts runs before every file.
    isolate: false,
    // Three files at a time, each worker with its own Redis database: a service file waits on its server, child
    // processes and PostgreSQL much of its time, and between files on importing the next and starting its server.
    // Two workers still left no file running a third of the time: 231 s for the PGlite half, 178 s with three
    // (docs/decisions/0206, after 0093 and 0057).
    maxWorkers: 3,
    // V8's baseline compilers only (WebAssembly and JavaScript): optimising hot functions cost these workers more than
    // the optimised code saved them (docs/decisions/0211).
    execArgv: SHORT_LIVED_NODE_FLAGS,
    setupFiles: ['server/test/support/worker-setup.ts'],
    // Migrates once into a template each test file's server starts from (server/test/support/db-template.ts).
    globalSetup: ['server/test/support/global-setup.ts'],
  },
});

const UNIT_ROOTS = ['server/src', 'packages/shared/src', 'apps/web/src', 'bench', 'scripts'];
const UNIT_FILE = /\.test\.tsx?$/;
/**
 * Integration tests: a file that opens a real database (PGlite or PostgreSQL), spawns a process, starts a server or
 * takes more than a second says so in its name, and runs in the integration stage, not in the unit stage, which stays
 * a fast check of pure code (docs/decisions/0206).
 */
const INTEGRATION_FILE = /\.integration\.test\.tsx?$/;
const unitFiles = UNIT_ROOTS.flatMap((root) =>
  readdirSync(path.join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
    .filter((f) => UNIT_FILE.test(f) && !INTEGRATION_FILE.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(root, f)),
);
/**
 * The unit test files that replace a module with vi.mock. The rest run one after another in one process without
 * isolation (docs/decisions/0101), where a module, once loaded, stays loaded for the next file and a vi.mock would
 * stay in force for it; these run isolated, each in a fresh module registry. Read from the files, so a new test
 * that mocks a module is isolated without anyone listing it.
 */
const mockingUnitFiles = unitFiles.filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(import.meta.dirname, f), 'utf8')));
/** A unit test takes milliseconds: 10 s is room for a machine at load 20, not for slow work (integration's). */
const UNIT_TIMEOUT = 10_000;
const integration = UNIT_ROOTS.map((r) => `${r}/**/*.integration.test.{ts,tsx}`);
const unit = (
  name: string,
  files: { include: string[]; exclude?: string[] },
  isolate: boolean,
  testTimeout: number,
  execArgv: string[] = [],
) => ({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    name,
    ...files,
    testTimeout,
    hookTimeout: testTimeout * 2,
    environment: 'node',
    isolate,
    execArgv,
    // A unit test that opens an in-memory PGlite unpacks an initialised cluster instead of running initdb
    // (docs/decisions/0057).
    globalSetup: ['server/test/support/global-setup.ts'],
  },
});

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    projects: [
      // Without isolation the worker, its environment and the packages are set up once for all the files: the unit
      // suite alone took 142 CPU s and 114 s isolated, 62 CPU s and 52 s so (docs/decisions/0101).
      unit(
        'unit',
        {
          include: UNIT_ROOTS.map((r) => `${r}/**/*.test.{ts,tsx}`),
          exclude: [...configDefaults.exclude, ...integration, ...mockingUnitFiles],
        },
        false,
        UNIT_TIMEOUT,
      ),
      unit('unit-mocks', { include: mockingUnitFiles }, true, UNIT_TIMEOUT),
      // Each file in a fresh module registry: these start servers, threads and databases, and may mock modules. A
      // busy 2-core machine needs more than the 5 s default to open a PGlite cluster or start a child process.
      // A fresh process per file, most of which open PGlite: V8's baseline compilers only, as for the
      // servers tests start as child processes (server/test/child-server.ts, docs/decisions/0211).
      unit('integration', { include: integration }, true, 30_000, SHORT_LIVED_NODE_FLAGS),
      service('service', { SERVICE_DB: 'pglite' }),
      ...(pg ? [service('service-pg', { SERVICE_DB: 'postgres' })] : []),
    ],
  },
});
