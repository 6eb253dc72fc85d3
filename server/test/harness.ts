import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startServer, type RunningServer } from '../src/server.js';

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
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

/** A fresh, empty database on the TEST_DATABASE_URL server; `drop()` removes it (also used by bench/). */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `svc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The real server on a random port with a fresh DATA_DIR (and, on PostgreSQL, a fresh database it drops after). */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-'));
  const pgdb = SERVICE_DB === 'postgres' ? await freshPostgresDatabase() : undefined;
  const server = await startServer(
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_BCRYPT_COST: '4',
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
