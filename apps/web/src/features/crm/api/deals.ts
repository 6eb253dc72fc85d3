import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { DealInput } from '../lib/deal-schema';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** A contact's deals with their stage's name and kind, newest first. */
export const contactDealsQuery = (contactId: string) =>
  queryOptions({
    queryKey: crmKeys.contactDeals(contactId),
    queryFn: async () => {
      const r = await supabase()
        .from('crm_deals')
        .select('id, title, value, currency, stage_id, expected_close, closed_at, contact_id, crm_stages(name, kind)')
        .eq('contact_id', contactId)
        .order('created_at', { ascending: false });
      throwIfError(r.error);
      return (r.data ?? []).map(({ crm_stages, ...d }) => ({
        ...d,
        value: Number(d.value),
        stage: crm_stages?.name ?? '',
        kind: crm_stages?.kind ?? 'open',
      }));
    },
  });

/**
 * Adds a deal (at the bottom of its stage, in the account's currency) or changes one; its company is the contact's.
 * A deal's stage changes only by moving it on the board.
 */
export function useSaveDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, companyId }: { id?: string; input: DealInput; companyId: string | null }) => {
      const row = {
        title: input.title,
        contact_id: input.contactId,
        company_id: companyId,
        value: input.value,
        expected_close: input.expectedClose,
      };
      const r = id
        ? await supabase().from('crm_deals').update(row).eq('id', id)
        : await supabase()
            .from('crm_deals')
            .insert({ ...row, stage_id: input.stageId });
      throwIfError(r.error);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

export function useDeleteDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_deals').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
