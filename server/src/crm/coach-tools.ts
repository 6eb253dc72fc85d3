import { CRM_HAND_ACTIVITY_KINDS, CRM_LIMITS, type CrmHandActivityKind } from '@app/shared/crm';
import type { CoachProposal } from '@app/shared';
import { tool } from 'ai';
import { z } from 'zod';
import { sizeCapped, ToolRefusal, type ReplyWrites } from '../coach/tool-guards.js';
import type { Queryable } from '../db/types.js';
import { safeText } from '../http/body.js';

type AsUser = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * Issue 43: the coach works on the CRM. Reads run at once; every write (addContact, logActivity) is proposed for
 * the customer's approval exactly like the plan edits (needsApproval; its card comes from describeCrmProposal).
 * Each runs in the caller's own transaction, so RLS decides what the model sees and writes. docs/crm.md.
 */

const contactId = z.uuid().describe('The contact id, from findContacts or findFollowUps');
const text = (max: number) => safeText().trim().max(max);

const addContactInput = z.object({
  name: text(CRM_LIMITS.name).min(1),
  email: z.email().max(CRM_LIMITS.email).optional(),
  phone: text(CRM_LIMITS.phone).optional(),
  company: text(CRM_LIMITS.company).optional().describe('The company name; found or added'),
  source: text(CRM_LIMITS.source).optional().describe('Where the contact came from, e.g. "Trade fair"'),
  tags: z.array(text(CRM_LIMITS.tag).min(1)).max(CRM_LIMITS.tags).optional(),
  notes: text(2000).optional(),
});
type AddContactInput = z.infer<typeof addContactInput>;

const logActivityInput = z.object({
  contactId,
  kind: z.enum(CRM_HAND_ACTIVITY_KINDS).describe('note, call or email'),
  body: text(2000).min(1).describe('What happened, in a sentence or two'),
  occurredAt: z.iso.datetime({ offset: true }).optional().describe('When it happened (ISO 8601); now if left out'),
});
type LogActivityInput = z.infer<typeof logActivityInput>;

const KIND_WORD: Record<CrmHandActivityKind, string> = { note: 'Note', call: 'Call', email: 'E-mail' };
const short = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);

interface ContactBrief {
  id: string;
  name: string;
  email: string | null;
  company_name: string | null;
}

async function contactBrief(tx: Queryable, id: string): Promise<ContactBrief | undefined> {
  const r = await tx.query<ContactBrief>(
    `select c.id, c.name, c.email, co.name as company_name from public.crm_contacts c
       left join public.crm_companies co on co.id = c.company_id where c.id = $1 and c.user_id = auth.uid()`,
    [id],
  );
  return r.rows[0];
}

const NOT_FOUND = 'This contact is not in the CRM: find it first with findContacts.';

/** The approval card of a CRM write, or undefined for another tool. */
export async function describeCrmProposal(as: AsUser, toolName: string, input: unknown): Promise<CoachProposal | undefined> {
  if (toolName === 'addContact') {
    const p = addContactInput.safeParse(input);
    if (!p.success) return { diff: [], error: 'This contact cannot be added as it stands.' };
    const i = p.data;
    const taken = i.email
      ? await as((tx) => tx.query('select 1 from public.crm_contacts where user_id = auth.uid() and email = lower($1)', [i.email]))
      : { rows: [] };
    const label = [i.name, i.email && `<${i.email}>`, i.company && `(${i.company})`].filter(Boolean).join(' ');
    return {
      diff: [{ kind: 'added', what: 'contact', label }],
      ...(taken.rows.length && { error: `${i.email} is already in the CRM.` }),
    };
  }
  if (toolName === 'logActivity') {
    const p = logActivityInput.safeParse(input);
    if (!p.success) return { diff: [], error: 'This activity cannot be logged as it stands.' };
    const contact = await as((tx) => contactBrief(tx, p.data.contactId));
    if (!contact) return { diff: [], error: NOT_FOUND };
    return { diff: [{ kind: 'added', what: 'activity', label: `${KIND_WORD[p.data.kind]} with ${contact.name}: ${short(p.data.body)}` }] };
  }
  return undefined;
}

export function crmTools(as: AsUser, writes: ReplyWrites) {
  return {
    findContacts: tool({
      description:
        "Find the customer's CRM contacts by name, e-mail, company or tag (every word must match; partial words work). Returns up to 20 with ids, and the total.",
      inputSchema: z.object({
        query: text(CRM_LIMITS.searchText).optional().describe('Words to look for; leave out to list contacts'),
        tag: text(CRM_LIMITS.tag).optional(),
        limit: z.number().int().min(1).max(20).optional(),
      }),
      execute: sizeCapped(async ({ query, tag, limit }: { query?: string; tag?: string; limit?: number }) => {
        const filters = JSON.stringify(tag ? { tags: [tag] } : {});
        return as(async (tx) => {
          const rows = await tx.query<{
            id: string;
            name: string;
            email: string | null;
            phone: string | null;
            company_name: string | null;
            tags: string[];
            last_activity_at: Date | null;
          }>(`select * from public.crm_search_contacts($1, $2::jsonb, 'name', $3)`, [query ?? '', filters, limit ?? 20]);
          const total = await tx.query<{ n: string }>('select public.crm_count_contacts($1, $2::jsonb) as n', [query ?? '', filters]);
          return {
            total: Number(total.rows[0]!.n),
            contacts: rows.rows.map((c) => ({
              id: c.id,
              name: c.name,
              email: c.email,
              phone: c.phone,
              company: c.company_name,
              tags: c.tags,
              lastActivity: c.last_activity_at ? new Date(c.last_activity_at).toISOString().slice(0, 10) : null,
            })),
          };
        });
      }),
    }),
    readContact: tool({
      description:
        'Read one CRM contact: details, notes, its latest activities, open deals and open tasks. Use it before drafting a follow-up.',
      inputSchema: z.object({ contactId }),
      execute: sizeCapped(async ({ contactId: id }: { contactId: string }) =>
        as(async (tx) => {
          const r = await tx.query<{ contact: Record<string, unknown> | null }>(
            `select (select jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'company', co.name,
                      'source', c.source, 'tags', c.tags, 'notes', left(c.notes, 1000), 'custom', c.custom,
                      'activities', coalesce((select jsonb_agg(jsonb_build_object('kind', a.kind, 'when', a.occurred_at, 'body', left(a.body, 300))
                                                order by a.occurred_at desc)
                                                from (select * from public.crm_activities a where a.contact_id = c.id order by a.occurred_at desc limit 10) a), '[]'),
                      'openDeals', coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'title', d.title, 'value', d.value, 'currency', d.currency, 'stage', s.name))
                                               from public.crm_deals d join public.crm_stages s on s.id = d.stage_id
                                              where d.contact_id = c.id and d.closed_at is null), '[]'),
                      'openTasks', coalesce((select jsonb_agg(jsonb_build_object('title', t.title, 'due', t.due_date) order by t.due_date)
                                               from public.crm_tasks t where t.contact_id = c.id and t.done_at is null), '[]'))
                      from public.crm_contacts c left join public.crm_companies co on co.id = c.company_id
                     where c.id = $1 and c.user_id = auth.uid()) as contact`,
            [id],
          );
          if (!r.rows[0]?.contact) throw new ToolRefusal(NOT_FOUND);
          return r.rows[0].contact;
        }),
      ),
    }),
    findDeals: tool({
      description:
        'Find deals on the pipeline by title, contact or company (partial words work), optionally only open ones or one stage. Up to 20, most valuable first.',
      inputSchema: z.object({
        query: text(CRM_LIMITS.searchText).optional(),
        stage: text(60).optional().describe('A stage name, e.g. "Proposal"'),
        openOnly: z.boolean().optional(),
      }),
      execute: sizeCapped(async ({ query, stage, openOnly }: { query?: string; stage?: string; openOnly?: boolean }) =>
        as(async (tx) => {
          const like = `%${(query ?? '').toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
          const r = await tx.query<Record<string, unknown>>(
            `select d.id, d.title, d.value::float8 as value, d.currency, s.name as stage, s.kind as "stageKind",
                    c.name as contact, c.id as "contactId", co.name as company, d.expected_close as "expectedClose"
               from public.crm_deals d
               join public.crm_stages s on s.id = d.stage_id
               left join public.crm_contacts c on c.id = d.contact_id
               left join public.crm_companies co on co.id = d.company_id
              where d.user_id = auth.uid()
                and lower(concat_ws(' ', d.title, c.name, co.name)) like $1
                and ($2::text is null or lower(s.name) = lower($2))
                and (not $3 or d.closed_at is null)
              order by d.value desc, d.created_at desc limit 20`,
            [like, stage ?? null, openOnly ?? false],
          );
          return { deals: r.rows };
        }),
      ),
    }),
    findFollowUps: tool({
      description:
        'Who has the customer not followed up with this month? Contacts with no activity this calendar month that have an overdue task, an open deal or an earlier activity (overdue first), and every overdue CRM task.',
      inputSchema: z.object({ limit: z.number().int().min(1).max(50).optional() }),
      execute: sizeCapped(async ({ limit }: { limit?: number }) =>
        as(async (tx) => {
          const contacts = await tx.query<{
            contact_id: string;
            name: string;
            email: string | null;
            company_name: string | null;
            last_activity_at: Date | null;
            overdue_tasks: number;
            open_deals: number;
            total: string;
          }>('select * from public.crm_follow_ups($1)', [limit ?? 20]);
          const overdue = await tx.query<{ title: string; due_date: string; contact_name: string | null; deal_title: string | null }>(
            `select title, to_char(due_date, 'YYYY-MM-DD') as due_date, contact_name, deal_title
               from public.crm_due_tasks(current_date - 1) limit 50`,
          );
          return {
            month: new Date().toISOString().slice(0, 7),
            total: Number(contacts.rows[0]?.total ?? 0),
            contacts: contacts.rows.map((c) => ({
              id: c.contact_id,
              name: c.name,
              email: c.email,
              company: c.company_name,
              lastActivity: c.last_activity_at ? new Date(c.last_activity_at).toISOString().slice(0, 10) : null,
              overdueTasks: c.overdue_tasks,
              openDeals: c.open_deals,
            })),
            overdueTasks: overdue.rows.map((t) => ({ title: t.title, due: t.due_date, contact: t.contact_name, deal: t.deal_title })),
          };
        }),
      ),
    }),
    draftFollowUp: tool({
      description:
        "Draft a follow-up e-mail to one contact (read the contact first). Nothing is sent: the customer opens the draft in their own mail app. Give the subject and the body you wrote, signed with the customer's name.",
      inputSchema: z.object({ contactId, subject: text(200).min(1), body: text(5000).min(1) }),
      execute: sizeCapped(async ({ contactId: id, subject, body }: { contactId: string; subject: string; body: string }) => {
        const contact = await as((tx) => contactBrief(tx, id));
        if (!contact) throw new ToolRefusal(NOT_FOUND);
        if (!contact.email) throw new ToolRefusal(`${contact.name} has no e-mail address in the CRM: add one first.`);
        const mailto = `mailto:${encodeURIComponent(contact.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
        return { draft: { to: contact.email, name: contact.name, subject, body, mailto } };
      }),
    }),
    addContact: tool({
      description: 'Add one contact to the CRM (the company is found by name or added).',
      inputSchema: addContactInput,
      needsApproval: true,
      execute: sizeCapped(async (i: AddContactInput) => {
        // the write allowance is taken outside the transaction: its counters live in the same database
        await writes('/crm_contacts', 1);
        const found = await as((tx) =>
          tx.query<{ taken: boolean; company_id: string | null }>(
            `select exists (select 1 from public.crm_contacts where user_id = auth.uid() and email = lower($1)) as taken,
                    (select id from public.crm_companies where user_id = auth.uid() and lower(name) = lower($2)) as company_id`,
            [i.email ?? null, i.company ?? null],
          ),
        );
        if (found.rows[0]!.taken) throw new ToolRefusal(`${i.email} is already in the CRM.`);
        if (i.company && !found.rows[0]!.company_id) await writes('/crm_companies', 1);
        return as(async (tx) => {
          let companyId: string | null = null;
          if (i.company) {
            const made = await tx.query<{ id: string }>(
              `with made as (insert into public.crm_companies (name) values ($1) on conflict do nothing returning id)
               select id from made union all
               select id from public.crm_companies where user_id = auth.uid() and lower(name) = lower($1) limit 1`,
              [i.company],
            );
            companyId = made.rows[0]!.id;
          }
          const r = await tx.query<{ id: string }>(
            `insert into public.crm_contacts (name, email, phone, company_id, source, tags, notes)
             values ($1, $2, $3, $4, $5, $6::text[], $7) returning id`,
            [i.name, i.email ?? null, i.phone ?? null, companyId, i.source ?? null, i.tags ?? [], i.notes ?? null],
          );
          return { added: true as const, id: r.rows[0]!.id, name: i.name };
        });
      }),
    }),
    logActivity: tool({
      description: "Log a note, call or e-mail on a contact's timeline (e.g. after the customer says they called someone).",
      inputSchema: logActivityInput,
      needsApproval: true,
      execute: sizeCapped(async (i: LogActivityInput) => {
        await writes('/crm_activities', 1);
        return as(async (tx) => {
          const contact = await contactBrief(tx, i.contactId);
          if (!contact) throw new ToolRefusal(NOT_FOUND);
          const r = await tx.query<{ id: string }>(
            `insert into public.crm_activities (contact_id, kind, body, occurred_at) values ($1, $2, $3, coalesce($4::timestamptz, now())) returning id`,
            [i.contactId, i.kind, i.body, i.occurredAt ?? null],
          );
          return { logged: true as const, id: r.rows[0]!.id, contact: contact.name };
        });
      }),
    }),
  };
}

/** One fact for the coach's prompt: the CRM in numbers, or nothing when the customer has not used it. */
export async function crmSummaryFact(tx: Queryable): Promise<{ label: string; value: string } | null> {
  const r = await tx.query<{ s: Record<string, number | string> }>('select public.crm_summary() as s');
  const s = r.rows[0]!.s;
  const n = (k: string) => Number(s[k] ?? 0);
  if (n('contacts') === 0 && n('open_deals') === 0) return null;
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: String(s.currency ?? 'GBP'), maximumFractionDigits: 0 });
  return {
    label: 'CRM',
    value:
      `${n('contacts').toLocaleString('en-GB')} contacts (${n('new_contacts_this_month')} new this month), ` +
      `${n('open_deals')} open deals worth ${money.format(n('open_value'))}, ${n('won_this_month')} won this month, ` +
      `${n('overdue_tasks')} overdue follow-up tasks`,
  };
}
