import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { RunningServer } from '../../server/src/server';
import { markOnboarded } from './auth';
import { e2eDataDir } from './data-dir';
import { startSpecServer } from './own-server-env';

// supabase-js builds a realtime client, which needs a global WebSocket on Node 20.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

/** A server of the spec's own (like `npm start`, PORT 0, its own DATA_DIR), with extra environment. */
export async function startOwnServer(tag: string, env: Record<string, string>) {
  const dataDir = await e2eDataDir(tag);
  const server: RunningServer = await startSpecServer(dataDir, env);
  const admin: SupabaseClient = createClient(server.url, server.ctx.keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return {
    server,
    admin,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** A supabase-js client signed in as an existing user (the customer's side of a test). */
    async userClient(email: string, password: string): Promise<SupabaseClient> {
      const client = createClient(server.url, server.ctx.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return client;
    },
    /** A confirmed user created through the admin API, signed in with the password grant, its session put in the page. */
    async signedInUser(page: Page, opts: { admin?: boolean } = {}) {
      const email = `${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
      const password = `Pw-${randomBytes(8).toString('hex')}`;
      const created = await admin.auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        app_metadata: opts.admin ? { role: 'admin' } : {},
      });
      if (created.error) throw created.error;
      await markOnboarded(admin, created.data.user.id);
      const anon = createClient(server.url, server.ctx.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { data, error } = await anon.auth.signInWithPassword({ email, password });
      if (error) throw error;
      const key = `sb-${new URL(server.url).hostname.split('.')[0]}-auth-token`;
      await page.addInitScript(
        ([k, v]) => {
          window.localStorage.setItem(k, v);
          // decided cookie consent, so the banner does not cover what the tests and screenshots look at
          localStorage.setItem(
            'cookie-consent',
            JSON.stringify({ necessary: true, performance: false, functional: false, targeting: false, accepted: true }),
          );
          localStorage.setItem('cookie-consent-version', '1');
        },
        [key, JSON.stringify(data.session)] as const,
      );
      return { id: created.data.user!.id, email };
    },
  };
}
