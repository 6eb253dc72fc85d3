import { contactSchema, type ContactInput, type ContactMessage } from './contact-schema';

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

/** Checks the form's values against contact-schema (zod): its own chunk, loaded on the form's first focus. */
export function validateContact(values: ContactInput): { data: ContactMessage } | { errors: ContactErrors } {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof ContactInput;
    errors[name] ??= issue.message;
  }
  return { errors };
}
