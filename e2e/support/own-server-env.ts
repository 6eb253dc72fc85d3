import path from 'node:path';
import { startServer, type RunningServer } from '../../server/src/server';

/**
 * The environment of an e2e spec's own in-process server: like `npm start` on PORT 0 (unless `extra` names one) with
 * its own DATA_DIR, cheap password hashing, and the small PGlite cache of a server opened per spec
 * (docs/decisions/0207). The run's shared server is configured in playwright.config.ts.
 */
export function ownServerEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_BCRYPT_COST: '4',
    PGLITE_SHARED_BUFFERS_MB: '16',
    ...extra,
  };
}

/** Starts a spec's own server on `dataDir` with that environment, serving the run's web build (E2E_WEB_DIST). */
export function startSpecServer(dataDir: string, extra: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(ownServerEnv(dataDir, extra), { webDist: process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist') });
}
