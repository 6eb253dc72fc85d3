import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from '../../server/src/server';
import { e2eDataDir } from './data-dir';
import { ownServerEnv } from './own-server-env';

/**
 * A server of its own with other operator settings (none: a fresh development install). Its settings differ from
 * the build's, so it serves the app's shell and the browser renders every page from GET /api/config (decision 0046).
 */
export async function startSiteServer(
  env: Record<string, string> = {},
): Promise<{ url: string; server: RunningServer; close(): Promise<void> }> {
  const dataDir = await e2eDataDir('site');
  const server = await startServer(ownServerEnv(dataDir, env), {
    webDist: process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist'),
  });
  return {
    url: server.url,
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
