import { supabase } from '@/lib/supabase';

/** profiles (first_name, surname): one row per user, created at sign-up; upsert covers older accounts. */
export async function loadNames(userId: string): Promise<{ firstName: string; surname: string }> {
  const { data, error } = await supabase().from('profiles').select('first_name, surname').eq('id', userId).maybeSingle();
  if (error) throw error;
  return { firstName: (data?.first_name as string | null) ?? '', surname: (data?.surname as string | null) ?? '' };
}

export async function saveNames(userId: string, firstName: string, surname: string): Promise<void> {
  const { error } = await supabase().from('profiles').upsert({ id: userId, first_name: firstName || null, surname: surname || null }, { onConflict: 'id' });
  if (error) throw error;
}

/** POST /api/account/delete: the server deletes the user and everything that belongs to them. */
export async function deleteAccount(): Promise<void> {
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new Error('Not signed in');
  const res = await fetch('/api/account/delete', { method: 'POST', headers: { Authorization: `Bearer ${data.session.access_token}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `HTTP ${res.status}`);
  }
}
