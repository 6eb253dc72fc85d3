import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

const n = z.union([z.number(), z.string()]).transform(Number);
const summarySchema = z.object({
  contacts: n,
  open_deals: n,
  open_value: n,
  currency: z.string(),
  won_this_month: n,
  overdue_tasks: n,
});

/** crm_summary: the CRM in a few numbers (the header of the CRM view). */
export const summaryQuery = () =>
  queryOptions({
    queryKey: crmKeys.summary(),
    queryFn: async () => {
      const r = await supabase().rpc('crm_summary');
      throwIfError(r.error);
      return summarySchema.parse(r.data);
    },
  });
