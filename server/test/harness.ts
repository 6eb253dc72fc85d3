import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../src/server.js';
import { emptyPostgresDatabase, migratedDataDir, migratedPostgresDatabase } from './support/db-template.js';

// supabase-js builds a realtime client, which needs a global WebSocket on Node 20.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

/** Which database the service suite runs on: PGlite (project "service") or PostgreSQL (project "service-pg"). */
export const SERVICE_DB = process.env.SERVICE_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  server: RunningServer;
  /** A fresh browser-like supabase-js client (own in-memory session storage). */
  client(): SupabaseClient;
  /** A service-role client (auth.admin.*, bypasses RLS). */
  admin(): SupabaseClient;
  close(): Promise<void>;
}

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** A fresh, empty database on the TEST_DATABASE_URL server; `drop()` removes it (also used by bench/). */
export const freshPostgresDatabase = emptyPostgresDatabase;

/**
 * The real server on a random port with a fresh DATA_DIR (and, on PostgreSQL, a fresh database it drops after),
 * both cloned from the migrated template (support/db-template.ts): the server starts with nothing to apply.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const pgdb = SERVICE_DB === 'postgres' ? await migratedPostgresDatabase() : undefined;
  const dataDir = pgdb ? mkdtempSync(path.join(tmpdir(), 'svc-')) : await migratedDataDir();
  const server = await startServer(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_BCRYPT_COST: '4',
      PGLITE_SHARED_BUFFERS_MB: '16',
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      ...env,
    },
    { webDist: path.join(dataDir, 'no-web') },
  );
  const { anonKey, serviceRoleKey } = server.ctx.keys;
  const opts = { auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false } };
  return {
    url: server.url,
    anonKey,
    serviceRoleKey,
    server,
    client: () => createClient(server.url, anonKey, { ...opts, auth: { ...opts.auth, storage: memoryStorage() } }),
    admin: () => createClient(server.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } }),
    async close() {
      await server.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
