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

/** The client, once loaded. Safe in every lazy route and after `await loadSupabase()`. */
export function supabase(): Supabase {
  if (!client) throw new Error('supabase() called before loadSupabase() finished');
  return client;
}
