import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@app/shared/database.types';
import { supabase } from '@/lib/supabase';
import { customToStore, type ContactInput } from '../lib/contact-schema';
import type { ContactQuery } from '../lib/filters';
import { companyIdFor } from './companies';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** Rows per page of the contact list (keyset pages: crm_search_contacts after the last row's sort key and id). */
export const CONTACTS_PAGE = 50;

export interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company_id: string | null;
  company_name: string | null;
  source: string | null;
  tags: string[];
  custom: Json;
  last_activity_at: string | null;
  created_at: string;
  sort_key: string;
}

type After = { key: string; id: string } | null;

export const contactsQuery = (q: ContactQuery) =>
  infiniteQueryOptions({
    queryKey: crmKeys.contacts(q),
    initialPageParam: null as After,
    queryFn: async ({ pageParam }): Promise<ContactRow[]> => {
      const r = await supabase().rpc('crm_search_contacts', {
        p_query: q.query,
        p_filters: q.filters as Json,
        p_sort: q.sort,
        p_limit: CONTACTS_PAGE,
        ...(pageParam && { p_after_key: pageParam.key, p_after_id: pageParam.id }),
      });
      throwIfError(r.error);
      return (r.data ?? []) as ContactRow[];
    },
    getNextPageParam: (last): After | undefined => {
      const end = last.at(-1);
      return last.length < CONTACTS_PAGE || !end ? undefined : { key: end.sort_key, id: end.id };
    },
  });

export const contactsCountQuery = (q: Omit<ContactQuery, 'sort'>) =>
  queryOptions({
    queryKey: crmKeys.contactsCount({ query: q.query, filters: q.filters }),
    queryFn: async () => {
      const r = await supabase().rpc('crm_count_contacts', { p_query: q.query, p_filters: q.filters as Json });
      throwIfError(r.error);
      return Number(r.data ?? 0);
    },
  });

/** One contact with its company's name and notes (the contact panel). Null when it is gone. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: crmKeys.contact(id),
    queryFn: async () => {
      const r = await supabase()
        .from('crm_contacts')
        .select('id, name, email, phone, company_id, source, tags, notes, custom, last_activity_at, created_at, crm_companies(name)')
        .eq('id', id)
        .maybeSingle();
      throwIfError(r.error);
      if (!r.data) return null;
      const { crm_companies, ...c } = r.data;
      return { ...c, company_name: crm_companies?.name ?? null };
    },
  });
export type Contact = NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof contactQuery>['queryFn']>>>>;

/** Adds or changes a contact; its company is found by name or added. The whole CRM refreshes after. */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: ContactInput }) => {
      const row = {
        name: input.name,
        email: input.email,
        phone: input.phone,
        company_id: await companyIdFor(input.company),
        source: input.source,
        tags: input.tags,
        notes: input.notes,
        custom: customToStore(input.custom),
      };
      const r = id
        ? await supabase().from('crm_contacts').update(row).eq('id', id).select('id').single()
        : await supabase().from('crm_contacts').insert(row).select('id').single();
      throwIfError(r.error, 'contact');
      return r.data!.id;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_contacts').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/** A few contacts matching what is typed in a contact picker (name, e-mail, company). */
export const pickerQuery = (query: string) =>
  queryOptions({
    queryKey: crmKeys.picker(query),
    queryFn: async () => {
      const r = await supabase().rpc('crm_search_contacts', { p_query: query, p_limit: 8 });
      throwIfError(r.error);
      return (r.data ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        company_name: c.company_name,
        company_id: c.company_id,
      }));
    },
    staleTime: 30_000,
  });
