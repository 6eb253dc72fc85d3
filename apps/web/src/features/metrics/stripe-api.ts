import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { metricsKeys } from './api';

/** public.stripe_metric_sources' readable columns (migration 0791): the key's hint and the last read's state. */
const sourceSchema = z.object({
  key_hint: z.string(),
  status: z.enum(['connected', 'failed']),
  last_synced_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const stripeSourceQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...metricsKeys.all, 'stripe-source', userId ?? ''] as const,
    enabled: userId !== undefined,
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('stripe_metric_sources')
        .select('key_hint, status, last_synced_at, last_error')
        .maybeSingle();
      if (error) throw new Error(error.message);
      return data ? sourceSchema.parse(data) : null;
    },
  });

/** An error the server explained (its catalogue's message), shown as it is. */
export class StripeSourceError extends Error {}

async function call(method: 'POST' | 'DELETE', path: '' | '/sync', body?: unknown) {
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new StripeSourceError('Sign in required');
  const res = await fetch(`/api/metrics/stripe${path}`, {
    method,
    headers: { Authorization: `Bearer ${data.session.access_token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (res.status === 204) return null;
  const json = (await res.json().catch(() => null)) as { message?: string; ok?: boolean; months?: number; error?: string } | null;
  if (!res.ok) throw new StripeSourceError(json?.message ?? `HTTP ${res.status}`);
  return json;
}

/** Connect, read now, disconnect: each refreshes the source's state and every metrics view. */
export function useStripeSource() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: metricsKeys.all });
  return {
    connect: useMutation({ mutationFn: (key: string) => call('POST', '', { key }), onSettled }),
    sync: useMutation({ mutationFn: () => call('POST', '/sync'), onSettled }),
    disconnect: useMutation({ mutationFn: () => call('DELETE', ''), onSettled }),
  };
}
