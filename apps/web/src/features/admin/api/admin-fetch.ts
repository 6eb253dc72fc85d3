import { supabase } from '@/lib/supabase';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls /api/admin/* with the signed-in admin's access token; the server checks the role on every call. */
export async function adminFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { data } = await supabase().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new AdminApiError(401, 'Sign in required');
  const res = await fetch(`/api/admin${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new AdminApiError(res.status, body?.message ?? `Request failed (HTTP ${res.status})`);
  return body as T;
}

/** A supabase-js result's data, or its error thrown (for react-query). */
export function unwrap<T>(r: { data: T; error: null } | { data: null; error: { message: string } }): T {
  if (r.error) throw new Error(r.error.message);
  return r.data;
}
