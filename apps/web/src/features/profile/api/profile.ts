import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, savePersonName, type PersonName } from '@/lib/data/profiles';
import { supabase } from '@/lib/supabase';

export { personNameQuery } from '@/lib/data/profiles';

/** Saves first name and surname (profiles) and refreshes every view of them. */
export function useSaveNames(userId: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: PersonName) => savePersonName(userId!, name),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.all }),
  });
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
