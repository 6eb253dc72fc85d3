import { CRM_LIMITS, splitTags } from '@app/shared/crm';
import { z } from 'zod';
import { crmMessages } from '@/lib/messages/crm';
import type { CustomField } from '../api/custom-fields';
import { optionalDay, optionalEmail, optionalText, textField } from './text';

const m = crmMessages.contactForm;

/** The contact form as typed: every field a string, custom values by key. */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  source: string;
  tags: string;
  notes: string;
  custom: Record<string, string>;
}

/** A contact as the form edits it (a crm_search_contacts row or a crm_contacts row with its company's name). */
export interface EditableContact {
  name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  source: string | null;
  tags: string[];
  notes?: string | null;
  custom: unknown;
}

const customOf = (c: unknown): Record<string, unknown> =>
  c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : {};

export function contactFormValues(fields: CustomField[], c?: EditableContact): ContactFormValues {
  const custom = customOf(c?.custom);
  return {
    name: c?.name ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    company: c?.company_name ?? '',
    source: c?.source ?? '',
    tags: (c?.tags ?? []).join(', '),
    notes: c?.notes ?? '',
    custom: Object.fromEntries(fields.map((f) => [f.key, custom[f.key] == null ? '' : String(custom[f.key])])),
  };
}

/** One custom field's value as the database checks it (docs/crm.md): '' → null, which removes the value. */
function customValue(f: CustomField) {
  const s = z.string().trim();
  switch (f.type) {
    case 'number':
      return s
        .refine((v) => v === '' || Number.isFinite(Number(v.replace(/,/g, ''))), m.notANumber)
        .transform((v) => (v === '' ? null : Number(v.replace(/,/g, ''))));
    case 'date':
      return optionalDay(m.notADate);
    case 'select':
      return s.refine((v) => v === '' || f.options.includes(v), m.notAnOption).transform((v) => v || null);
    default:
      return optionalText(CRM_LIMITS.customText, f.label);
  }
}

/** The form's schema for the customer's custom fields; its output is what crm_contacts takes (company by name). */
export function contactSchema(fields: CustomField[]) {
  return z.object({
    name: textField(CRM_LIMITS.name, m.name).min(1, m.nameRequired),
    email: optionalEmail,
    phone: optionalText(CRM_LIMITS.phone, m.phone),
    company: optionalText(CRM_LIMITS.company, m.company),
    source: optionalText(CRM_LIMITS.source, m.source),
    tags: z
      .string()
      .transform(splitTags)
      .pipe(z.array(z.string().max(CRM_LIMITS.tag, m.tagTooLong)).max(CRM_LIMITS.tags, m.tooManyTags)),
    notes: optionalText(CRM_LIMITS.notes, m.notes),
    custom: z.object(Object.fromEntries(fields.map((f) => [f.key, customValue(f)]))),
  });
}
export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

/** The custom values to store: the set ones (the database keeps `custom` whole, and an empty field has no value). */
export function customToStore(input: ContactInput['custom']): Record<string, string | number> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)) as Record<string, string | number>;
}
