import { defineConfig } from 'vitest/config';
import path from 'node:path';

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
    // Two files at a time, each worker with its own Redis database: a service file waits on its server, child
    // processes and PostgreSQL much of its time, so one worker left a core idle (docs/decisions/0093, after 0057).
    maxWorkers: 2,
    setupFiles: ['server/test/support/worker-setup.ts'],
    // Migrates once into a template each test file's server starts from (server/test/support/db-template.ts).
    globalSetup: ['server/test/support/global-setup.ts'],
  },
});

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    projects: [
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
          // Some unit tests open an in-memory PGlite; a busy 2-core machine needs more than the 5 s default.
          testTimeout: 20_000,
          environment: 'node',
          // New in-memory PGlite databases unpack an initialised cluster instead of running initdb (docs/decisions/0057).
          globalSetup: ['server/test/support/global-setup.ts'],
        },
      },
      service('service', { SERVICE_DB: 'pglite' }),
      ...(pg ? [service('service-pg', { SERVICE_DB: 'postgres' })] : []),
    ],
  },
});
