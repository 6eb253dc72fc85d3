import type { Database } from '@app/shared/database.types';
import type { SupabaseClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config';

/** The client typed by the schema (npm run gen:types): `.from()` and `.rpc()` know every column and argument. */
export type Supabase = SupabaseClient<Database>;

let client: Supabase | undefined;
let loading: Promise<Supabase> | undefined;

/**
 * Loads supabase-js (its own chunk, so the home page paints without it) and creates the one client,
 * pointed at our own origin (PKCE, session persisted in local storage). Every lazy route awaits this.
 */
export function loadSupabase(): Promise<Supabase> {
  loading ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, anonKey } = runtimeConfig();
    client = createClient<Database>(supabaseUrl, anonKey, {
      // experimental.passkey: the passkey methods (issue 14) throw without it.
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, experimental: { passkey: true } },
    });
    return client;
  });
  return loading;
}

const sessionWanted = new Set<() => void>();

/**
 * Asks the app to load its session layer (app/session-bridge listens). For sign-ins that call supabase-js directly
 * instead of an auth-context action (passkeys): without the layer no provider hears SIGNED_IN and the page never
 * learns it is signed in.
 */
export function requestSessionLayer(): void {
  for (const l of [...sessionWanted]) l();
}
export function onSessionLayerRequested(listener: () => void): () => void {
  sessionWanted.add(listener);
  return () => void sessionWanted.delete(listener);
}

/** The client, once loaded. Safe in every lazy route and after `await loadSupabase()`. */
export function supabase(): Supabase {
  if (!client) throw new Error('supabase() called before loadSupabase() finished');
  return client;
}

/**
 * Whether this browser may hold a session (supabase-js keeps it in local storage as `sb-<ref>-auth-token`, and a
 * PKCE flow in progress as `…-code-verifier`), or the address carries an auth callback. Public pages load the
 * session layer, and with it supabase-js, only then or when the visitor does something that needs it (issue 15).
 */
export function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (/^sb-.+-auth-token/.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // storage blocked: no stored session can exist either
  }
  const { search, hash } = window.location;
  return /[?&](code|token_hash|error_code)=/.test(search) || /[#&](access_token|error_code)=/.test(hash);
}
