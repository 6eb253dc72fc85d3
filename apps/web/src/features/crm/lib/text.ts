import { CRM_EMAIL } from '@app/shared/crm';
import { z } from 'zod';
import { crmMessages } from '@/lib/messages/crm';
import { hasControlCharacters } from '@/lib/security-input';

const m = crmMessages.contactForm;

/** A text field as typed, trimmed: at most `max` characters, nothing the database cannot store. */
export const textField = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, m.tooLong(what, max))
    .refine((s) => !hasControlCharacters(s), m.badCharacters);

/** The same, empty → null (an optional column). */
export const optionalText = (max: number, what: string) => textField(max, what).transform((s) => s || null);

/** An optional e-mail address in the shape the database checks. */
export const optionalEmail = textField(320, crmMessages.contactForm.email)
  .refine((s) => s === '' || CRM_EMAIL.test(s), m.emailInvalid)
  .transform((s) => s || null);

/** A YYYY-MM-DD day (an <input type="date">) or empty → null. */
export const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), message)
    .transform((s) => s || null);

/** zod's issues as one message per field, keyed by the path ('name', 'custom.size'); the first issue wins. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}
