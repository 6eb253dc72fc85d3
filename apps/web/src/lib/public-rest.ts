import type { Database } from '@app/shared/database.types';
import { PostgrestClient } from '@supabase/postgrest-js';
import { runtimeConfig } from './runtime-config';

let client: PostgrestClient<Database> | undefined;

/**
 * The anonymous /rest/v1 client for public reads (the integration catalogue): PostgREST's own client, typed by the
 * schema like supabase(), at 5 kB gzip instead of supabase-js's 50, so a public page reads its data without loading
 * auth (issue 15). Public data reads the same signed in or out: RLS gives anon and authenticated the same rows.
 */
export function publicRest(): PostgrestClient<Database> {
  if (!client) {
    const { supabaseUrl, anonKey } = runtimeConfig();
    client = new PostgrestClient<Database>(`${supabaseUrl.replace(/\/$/, '')}/rest/v1`, {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    });
  }
  return client;
}
