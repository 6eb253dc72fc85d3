import { z } from 'zod';
import { supabase } from '@/lib/supabase';

const response = z.object({ signedUrl: z.string().regex(/^wss?:\/\//) });

/**
 * A fresh signed URL for one conversation (valid 15 minutes); the API key stays on the server. The signal aborts the
 * request when the person opts out of voice while it is on its way.
 */
export async function fetchSignedUrl(signal?: AbortSignal): Promise<string> {
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new Error('Not signed in');
  const res = await fetch('/api/voice/signed-url', {
    headers: { Authorization: `Bearer ${data.session.access_token}`, accept: 'application/json' },
    cache: 'no-store',
    signal,
  });
  if (!res.ok) throw new Error(`Voice service answered HTTP ${res.status}`);
  return response.parse(await res.json()).signedUrl;
}
