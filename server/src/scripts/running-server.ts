import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { DataDirLockedError, readLockHolder } from '../data-dir-lock.js';
import { loadKeys } from '../keys.js';

export interface RunningServerRef {
  url: string;
  pid: number;
  /** fetch against the running server with the service-role key (the same key the server derives from DATA_DIR). */
  call(pathname: string, init?: RequestInit): Promise<Response>;
}

/**
 * The server holding this embedded DATA_DIR, if one does (from its lock file). Throws DataDirLockedError when the
 * folder is held by something we cannot talk to (another host, a process still starting, another script).
 * With DATABASE_URL there is no folder to hold: scripts use PostgreSQL directly, alongside the servers.
 */
export async function findRunningServer(config: Config): Promise<RunningServerRef | undefined> {
  if (config.DATABASE_URL) return undefined;
  const dir = path.resolve(config.DATA_DIR);
  const holder = readLockHolder(dir);
  if (!holder) return undefined;
  if (!holder.url || holder.host !== hostname()) throw new DataDirLockedError(dir, holder);
  // Never mint a new secret here: without JWT_SECRET and without DATA_DIR/jwt-secret the keys would not match.
  if (!config.JWT_SECRET && !existsSync(path.join(dir, 'jwt-secret'))) {
    throw new Error(`The server on ${holder.url} uses JWT_SECRET: run this script with the same JWT_SECRET set.`);
  }
  const { serviceRoleKey } = await loadKeys(config);
  const url = holder.url;
  return {
    url,
    pid: holder.pid,
    call: (pathname, init = {}) =>
      fetch(new URL(pathname, url), {
        ...init,
        headers: {
          apikey: serviceRoleKey,
          Authorization: `Bearer ${serviceRoleKey}`,
          ...(init.headers as Record<string, string> | undefined),
        },
      }),
  };
}
