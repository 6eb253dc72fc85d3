import { z } from 'zod';
import { publicMessages } from '@/lib/messages/public';
import { plainText } from '@/lib/plain-text';
import { validateEmail, validateText } from '@/lib/security-input';

/** The contact form, checked the same way as the database checks contact_messages (lengths, e-mail shape). */
export const contactSchema = z.object({
  name: plainText(200).pipe(z.string().min(1, publicMessages.contact.nameRequired)),
  email: z
    .string()
    .superRefine((v, ctx) => {
      const r = validateEmail(v);
      if (!r.valid) ctx.addIssue({ code: 'custom', message: r.error });
    })
    .transform((v) => v.trim().toLowerCase()),
  subject: plainText(300),
  message: z
    .string()
    .superRefine((v, ctx) => {
      const r = validateText(v);
      if (!r.valid) ctx.addIssue({ code: 'custom', message: r.error });
      else if (!r.value) ctx.addIssue({ code: 'custom', message: publicMessages.contact.messageRequired });
    })
    .transform((v) => v.trim()),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
