import { runtimeConfig } from '@/lib/runtime-config';
import { toJson } from '@/lib/data/json';
import { loadSupabase } from '@/lib/supabase';
import type { AnalyticsRow, AnalyticsTransport } from './analytics-client';

/** A keepalive request body may not exceed 64 KiB in total; stay well under it. */
const KEEPALIVE_BYTES = 56 * 1024;

/**
 * Inserts batches into analytics_events through /rest/v1 (docs/product.md#analytics). The server stamps user id, IP and user
 * agent. On page hide a keepalive fetch carries the same insert (sendBeacon cannot send the API key header).
 */
export function createSupabaseTransport(): AnalyticsTransport & { setAccessToken(token: string | undefined): void } {
  // The keepalive request on page hide cannot await supabase-js for the session, so the latest token is kept here.
  let accessToken: string | undefined;
  return {
    setAccessToken(token) {
      accessToken = token;
    },
    async send(batch) {
      const { error } = await (
        await loadSupabase()
      )
        .from('analytics_events')
        .insert(batch.map((r) => ({ ...r, event_data: toJson(r.event_data) })));
      if (error) throw new Error(error.message);
    },
    sendOnHide(batch) {
      const { supabaseUrl, anonKey } = runtimeConfig();
      const headers = {
        apikey: anonKey,
        authorization: `Bearer ${accessToken ?? anonKey}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      };
      try {
        for (const chunk of chunks(batch)) {
          void fetch(`${supabaseUrl}/rest/v1/analytics_events`, {
            method: 'POST',
            keepalive: true,
            headers,
            body: JSON.stringify(chunk),
          }).catch(() => {});
        }
        return true;
      } catch {
        return false;
      }
    },
  };
}

function* chunks(batch: AnalyticsRow[]): Generator<AnalyticsRow[]> {
  let current: AnalyticsRow[] = [];
  let size = 2;
  for (const row of batch) {
    const n = JSON.stringify(row).length + 1;
    if (current.length && size + n > KEEPALIVE_BYTES) {
      yield current;
      current = [];
      size = 2;
    }
    current.push(row);
    size += n;
  }
  if (current.length) yield current;
}
