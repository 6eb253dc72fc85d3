import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

/** public.credit_summary() (migration 0790): the balance told apart, as The Brain shows it. Checked where it enters. */
const creditSummarySchema = z.object({
  balance: z.number(),
  monthly_granted: z.number(),
  monthly_left: z.number(),
  extra_left: z.number(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  paid_online: z.boolean(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.string(),
  amount_paid: z.number(),
  currency: z.string(),
  status: z.string().nullable(),
  url: z.string().nullable(),
  pdf: z.string().nullable(),
});

export const billingKeys = {
  summary: (userId: string, balance: number | undefined) => ['credit-summary', userId, balance] as const,
  invoices: (userId: string) => ['invoices', userId] as const,
};

/** Keyed by the plan's balance, so a charge, grant or top-up that moves the balance reads the summary again. */
export const creditSummaryQuery = (userId: string | undefined, balance: number | undefined) =>
  queryOptions({
    queryKey: billingKeys.summary(userId ?? '', balance),
    enabled: userId !== undefined,
    queryFn: async () => {
      const { data, error } = await supabase().rpc('credit_summary');
      if (error) throw new Error(error.message);
      return data == null ? null : creditSummarySchema.parse(data);
    },
  });

/** GET /api/billing/invoices: the customer's last Stripe invoices (none without Stripe). */
export const invoicesQuery = (userId: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.invoices(userId ?? ''),
    enabled: userId !== undefined && enabled,
    queryFn: async () => {
      const { data } = await supabase().auth.getSession();
      if (!data.session) throw new Error('Not signed in');
      const res = await fetch('/api/billing/invoices', { headers: { Authorization: `Bearer ${data.session.access_token}` } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return z.object({ invoices: z.array(invoiceSchema) }).parse(await res.json()).invoices;
    },
  });
