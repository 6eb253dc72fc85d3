import type { CrmActivityKind, CrmHandActivityKind } from '@app/shared/crm';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

const PAGE = 30;

export interface Activity {
  id: string;
  kind: CrmActivityKind;
  body: string;
  occurred_at: string;
  deal_id: string | null;
}

/** A contact's timeline, newest first, a page at a time ("show older": the next range). */
export const timelineQuery = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: crmKeys.timeline(contactId),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<Activity[]> => {
      const r = await supabase()
        .from('crm_activities')
        .select('id, kind, body, occurred_at, deal_id')
        .eq('contact_id', contactId)
        .order('occurred_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageParam, pageParam + PAGE - 1);
      throwIfError(r.error);
      return (r.data ?? []) as Activity[];
    },
    getNextPageParam: (last, all) => (last.length < PAGE ? undefined : all.length * PAGE),
  });

/** Logs a note, call or e-mail on a contact's timeline (at `occurredAt`, or now). */
export function useLogActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: { contactId: string; kind: CrmHandActivityKind; body: string; occurredAt: string | null }) => {
      const r = await supabase()
        .from('crm_activities')
        .insert({ contact_id: a.contactId, kind: a.kind, body: a.body, ...(a.occurredAt && { occurred_at: a.occurredAt }) });
      throwIfError(r.error);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/** Removes a hand-logged entry (deal moves and connection runs are a record and stay). */
export function useDeleteActivity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_activities').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
