import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** The customer's companies by name (the company filter and the contact form's suggestions). */
export const companiesQuery = () =>
  queryOptions({
    queryKey: crmKeys.companies(),
    queryFn: async () => {
      const r = await supabase().from('crm_companies').select('id, name').order('name').limit(1000);
      throwIfError(r.error);
      return r.data ?? [];
    },
  });

const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The id of the company with this name (case ignored), added when there is none; null for no name. */
export async function companyIdFor(name: string | null): Promise<string | null> {
  if (!name) return null;
  const found = await supabase().from('crm_companies').select('id').ilike('name', likeLiteral(name)).limit(1).maybeSingle();
  throwIfError(found.error);
  if (found.data) return found.data.id;
  const added = await supabase().from('crm_companies').insert({ name }).select('id').single();
  throwIfError(added.error, 'company');
  return added.data!.id;
}
