import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';

// supabase-js builds a realtime client, which needs a global WebSocket on Node 20.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** The API keys of the e2e server, derived from the secret it generated in its DATA_DIR. */
export async function serverKeys() {
  const secret = new TextEncoder().encode(readFileSync(path.join(process.env.E2E_DATA_DIR!, 'jwt-secret'), 'utf8').trim());
  const sign = (role: string) =>
    new SignJWT({ role, iss: 'supabase' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime('10y')
      .sign(secret);
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}

export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;

/** supabase-js with the service-role key of the e2e server (what the browser never holds). */
export async function serviceClient() {
  const { serviceRoleKey } = await serverKeys();
  return createClient(baseURL(), serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/**
 * Creates a confirmed user through the real admin API. `onboarded` (default true) marks the onboarding finished, so
 * /dashboard opens (the one onboarding rule sends an unfinished user to the wizard); false keeps a new account's state.
 */
export async function createUser(
  opts: { email?: string; password?: string; admin?: boolean; metadata?: Record<string, unknown>; onboarded?: boolean } = {},
) {
  const admin = await serviceClient();
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? `Pw-${randomBytes(8).toString('hex')}`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: opts.metadata ?? {},
    app_metadata: opts.admin ? { role: 'admin' } : {},
  });
  if (error) throw error;
  if (opts.onboarded ?? true) await markOnboarded(admin, data.user!.id);
  return { id: data.user!.id, email, password };
}

/** Signs a user in through the real password grant and returns the session. */
export async function signIn(email: string, password: string): Promise<Session> {
  const { anonKey } = await serverKeys();
  const client = createClient(baseURL(), anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session!;
}

/** Puts a session where supabase-js in the page looks for it (sb-<host label>-auth-token), before any page script runs. */
export async function useSessionInPage(page: Page, session: Session) {
  const key = `sb-${new URL(baseURL()).hostname.split('.')[0]}-auth-token`;
  await page.addInitScript(([k, v]) => window.localStorage.setItem(k, v), [key, JSON.stringify(session)] as const);
}

/** A new confirmed user, signed in in this page. */
export async function signedInUser(page: Page, opts: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(opts);
  const session = await signIn(user.email, user.password);
  await useSessionInPage(page, session);
  return { ...user, session };
}

/** Completes a user's onboarding in the database (the sign-up trigger created the row). */
export async function markOnboarded(admin: SupabaseClient, userId: string) {
  const { error } = await admin.from('business_profiles').update({ onboarding_completed: true, current_step: 5 }).eq('user_id', userId);
  if (error) throw error;
}
