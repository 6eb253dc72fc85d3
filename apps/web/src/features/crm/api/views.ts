import type { CrmViewSettings } from '@app/shared/crm';
import type { Json } from '@app/shared/database.types';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** The customer's saved contact views (crm_saved_views, entity 'contacts'), by name. */
export const viewsQuery = () =>
  queryOptions({
    queryKey: crmKeys.views(),
    queryFn: async () => {
      const r = await supabase().from('crm_saved_views').select('id, name, filters').eq('entity', 'contacts').order('name');
      throwIfError(r.error);
      return r.data ?? [];
    },
  });

export function useSaveView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, settings }: { name: string; settings: CrmViewSettings }) => {
      const r = await supabase()
        .from('crm_saved_views')
        .insert({ name, entity: 'contacts', filters: settings as Json })
        .select('id')
        .single();
      throwIfError(r.error, 'view');
      return r.data!.id;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.views() }),
  });
}

export function useDeleteView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_saved_views').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.views() }),
  });
}
