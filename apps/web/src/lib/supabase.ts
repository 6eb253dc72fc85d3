import type { SupabaseClient } from '@supabase/supabase-js';
import { runtimeConfig } from './runtime-config';

let client: SupabaseClient | undefined;
let loading: Promise<SupabaseClient> | undefined;

/**
 * Loads supabase-js (its own chunk, so the home page paints without it) and creates the one client,
 * pointed at our own origin (PKCE, session persisted in local storage). Every lazy route awaits this.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  loading ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, anonKey } = runtimeConfig();
    client = createClient(supabaseUrl, anonKey, {
      // experimental.passkey: the passkey methods (issue 14) throw without it.
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, experimental: { passkey: true } },
    });
    return client;
  });
  return loading;
}

/** The client, once loaded. Safe in every lazy route and after `await loadSupabase()`. */
export function supabase(): SupabaseClient {
  if (!client) throw new Error('supabase() called before loadSupabase() finished');
  return client;
}
