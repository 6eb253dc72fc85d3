import { z } from 'zod';
import { messages } from '@/lib/messages';
import { sanitizeInput, validateEmail, validateText } from '@/lib/security-input';

/** The contact form, checked the same way as the database checks contact_messages (lengths, e-mail shape). */
export const contactSchema = z.object({
  name: z
    .string()
    .transform((v) => sanitizeInput(v))
    .pipe(z.string().min(1, messages.contact.nameRequired).max(200, messages.security.textTooLong)),
  email: z.string().superRefine((v, ctx) => {
    const r = validateEmail(v);
    if (!r.valid) ctx.addIssue({ code: 'custom', message: r.error });
  }).transform((v) => sanitizeInput(v).toLowerCase()),
  subject: z
    .string()
    .transform((v) => sanitizeInput(v))
    .pipe(z.string().max(300, messages.security.textTooLong)),
  message: z.string().superRefine((v, ctx) => {
    const r = validateText(v);
    if (!r.valid) ctx.addIssue({ code: 'custom', message: r.error });
    else if (!r.value) ctx.addIssue({ code: 'custom', message: messages.contact.messageRequired });
  }).transform((v) => sanitizeInput(v)),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
