import { z } from 'zod';

/**
 * The CRM tools' outputs (server/src/crm/coach-tools.ts) as the chat streams them, read leniently like the other
 * tools' (tool-output.ts): what is not recognised falls back to the plain "used <tool>" card.
 */
const named = z.object({ name: z.string() }).passthrough();

const followUpsSchema = z.object({
  total: z.number(),
  contacts: z.array(named.extend({ overdueTasks: z.number().optional(), openDeals: z.number().optional() })),
});
export const readFollowUps = (output: unknown) => followUpsSchema.safeParse(output).data ?? null;

const contactsSchema = z.object({ total: z.number(), contacts: z.array(named) });
export const readContacts = (output: unknown) => contactsSchema.safeParse(output).data ?? null;

const dealsSchema = z.object({ deals: z.array(z.object({ title: z.string() }).passthrough()) });
export const readDeals = (output: unknown) => dealsSchema.safeParse(output).data ?? null;

export const readContactName = (output: unknown) => named.safeParse(output).data?.name ?? null;

// only a mailto: link is ever put in an href
const draftSchema = z.object({ draft: z.object({ name: z.string(), subject: z.string(), mailto: z.string().startsWith('mailto:') }) });
export const readDraft = (output: unknown) => draftSchema.safeParse(output).data?.draft ?? null;
