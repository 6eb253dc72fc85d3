import { z } from 'zod';
import { crmMessages } from '@/lib/messages/crm';
import { optionalDay, textField } from './text';

const m = crmMessages.dealForm;

/** What crm_deals takes from the form (value 0–1e12 with at most 2 decimals, as the column's check). */
export const dealSchema = z.object({
  title: textField(200, m.title).min(1, m.titleRequired),
  contactId: z.string().transform((v) => v || null),
  value: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s,£$]/g, ''))
    .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v), m.valueInvalid)
    .transform((v) => (v === '' ? 0 : Number(v)))
    .refine((v) => v <= 1e12, m.valueTooBig),
  expectedClose: optionalDay(m.dateInvalid),
  stageId: z.string(),
});
export type DealInput = z.output<typeof dealSchema>;
