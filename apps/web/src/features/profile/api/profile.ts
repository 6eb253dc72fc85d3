import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, savePersonName, type PersonName } from '@/lib/data/profiles';
import { runtimeConfig } from '@/lib/runtime-config';
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

/** Why a data export failed: the HTTP status (0: no answer), which the page turns into a catalogue message. */
export class DataExportError extends Error {
  constructor(readonly status: number) {
    super(`data export failed (${status})`);
  }
}

/** The dated name the server gave the file (Content-Disposition), else one of our own. */
export function exportFileName(disposition: string | null, today = new Date()): string {
  const name = /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1];
  return name ?? `my-data-${today.toISOString().slice(0, 10)}.zip`;
}

/**
 * POST /functions/v1/data-export with the session's token (identity is the token's, never a field): the server
 * answers one zip of the customer's data, which the browser saves (blob, object URL, a download link clicked).
 */
export async function downloadMyData(): Promise<void> {
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new DataExportError(401);
  const { supabaseUrl, anonKey } = runtimeConfig();
  let res: Response;
  try {
    res = await fetch(`${supabaseUrl.replace(/\/$/, '')}/functions/v1/data-export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${data.session.access_token}`, apikey: anonKey },
    });
  } catch {
    throw new DataExportError(0);
  }
  if (!res.ok) throw new DataExportError(res.status);
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = exportFileName(res.headers.get('content-disposition'));
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
