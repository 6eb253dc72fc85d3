import { rmSync } from 'node:fs';
import type { RunningServer } from '../../server/src/server';
import { e2eDataDir } from './data-dir';
import { startSpecServer } from './own-server-env';

/**
 * A server of its own with other operator settings (none: a fresh development install). Its settings differ from
 * the build's, so it serves the app's shell and the browser renders every page from GET /api/config (decision 0046).
 */
export async function startSiteServer(
  env: Record<string, string> = {},
): Promise<{ url: string; server: RunningServer; close(): Promise<void> }> {
  const dataDir = await e2eDataDir('site');
  const server = await startSpecServer(dataDir, env);
  return {
    url: server.url,
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
