import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { TestServer } from './harness.js';

/**
 * Test users without going through /auth/v1: a row in auth.users (so the sign-up trigger runs) and an
 * access token with Supabase's claims, signed with the server's secret. Keeps data-service tests
 * independent of the accounts service's endpoints.
 */
export interface TestUser {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

export async function signAccessToken(t: TestServer, claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: randomUUID(),
    is_anonymous: false,
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${t.url}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(t.server.ctx.keys.secretKey);
}

// Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly, so give it one.
const base = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } };

/** A supabase-js client that sends `token` (anon key as apikey), like a signed-in browser. */
export function clientWithToken(t: TestServer, token: string): SupabaseClient {
  return createClient(t.url, t.anonKey, { ...base, global: { headers: { Authorization: `Bearer ${token}` } } });
}

/** A visitor's client (anon key only). */
export const anonClient = (t: TestServer): SupabaseClient => createClient(t.url, t.anonKey, base);

/** The service role's client (bypasses RLS). */
export const serviceClient = (t: TestServer): SupabaseClient => createClient(t.url, t.serviceRoleKey, base);

export async function createTestUser(
  t: TestServer,
  opts: { admin?: boolean; meta?: Record<string, unknown>; email?: string } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const email = opts.email ?? `user-${id.slice(0, 8)}@example.com`;
  const appMeta = { provider: 'email', providers: ['email'], ...(opts.admin ? { role: 'admin' } : {}) };
  await t.server.ctx.db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) values ($1, $2, now(), $3, $4)`,
    [id, email, JSON.stringify(appMeta), JSON.stringify(opts.meta ?? {})],
  );
  // A live session row for the token, as a sign-in makes: writes and admin rights need one (issue 12 #1-2).
  const sessionId = randomUUID();
  await t.server.ctx.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, id]);
  const token = await signAccessToken(t, { sub: id, email, app_metadata: appMeta, user_metadata: opts.meta ?? {}, session_id: sessionId });
  return { id, email, token, client: clientWithToken(t, token) };
}
