import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** public.profiles (first name, surname): one row per user, created at sign-up; the upsert covers older accounts. */
export interface PersonName {
  firstName: string;
  surname: string;
}

export const profileKeys = {
  all: ['profile'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};

export async function fetchPersonName(userId: string): Promise<PersonName> {
  const { data, error } = await supabase().from('profiles').select('first_name, surname').eq('id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  return { firstName: data?.first_name ?? '', surname: data?.surname ?? '' };
}

export const personNameQuery = (userId: string | undefined) =>
  queryOptions({ queryKey: profileKeys.detail(userId ?? ''), queryFn: () => fetchPersonName(userId!), enabled: userId !== undefined });

/** Saves the names as given (callers validate); an empty name is stored as null. */
export async function savePersonName(userId: string, name: PersonName): Promise<void> {
  const { error } = await supabase()
    .from('profiles')
    .upsert({ id: userId, first_name: name.firstName || null, surname: name.surname || null }, { onConflict: 'id' });
  if (error) throw new Error(error.message);
}
