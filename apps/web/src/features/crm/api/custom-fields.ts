import { CRM_CUSTOM_FIELD_TYPES, type CrmCustomFieldType } from '@app/shared/crm';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** One of the customer's custom contact fields (crm_custom_fields). */
export interface CustomField {
  id: string;
  key: string;
  label: string;
  type: CrmCustomFieldType;
  options: string[];
  position: number;
}

const isType = (t: string): t is CrmCustomFieldType => (CRM_CUSTOM_FIELD_TYPES as readonly string[]).includes(t);

export const customFieldsQuery = () =>
  queryOptions({
    queryKey: crmKeys.customFields(),
    queryFn: async (): Promise<CustomField[]> => {
      const r = await supabase()
        .from('crm_custom_fields')
        .select('id, key, label, type, options, position')
        .order('position')
        .order('label');
      throwIfError(r.error);
      return (r.data ?? []).flatMap((f) => (isType(f.type) ? [{ ...f, type: f.type }] : []));
    },
  });

/** A field key from its label: "Team size" → team_size (what the database's key check accepts), or '' when none fits. */
export function fieldKey(label: string): string {
  const key = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return /^[a-z][a-z0-9_]{0,39}$/.test(key) ? key : '';
}

export function useAddCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (f: { label: string; type: CrmCustomFieldType; options: string[]; position: number }) => {
      const r = await supabase()
        .from('crm_custom_fields')
        .insert({
          key: fieldKey(f.label),
          label: f.label,
          type: f.type,
          options: f.type === 'select' ? f.options : [],
          position: f.position,
        });
      throwIfError(r.error, 'field');
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.customFields() }),
  });
}

export function useDeleteCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_custom_fields').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.customFields() }),
  });
}
