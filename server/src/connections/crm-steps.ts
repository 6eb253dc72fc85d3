import { renderTemplate, type ConnectionStep } from '@app/shared/connections';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { asOwner, isDataError, oneLine, type StepContext, type StepOutcome } from './step-context.js';

/**
 * The CRM's connection actions (issues 40 and 43): create or update a contact by its e-mail address, and add an
 * activity to a contact's timeline. Both run as the connection's owner (RLS); a contact a step adds or changes gets
 * a "connection_run" activity from the database (migration 0820), so its timeline says which connection did it.
 */

type Ctx = Pick<AppContext, 'db'>;
const ADDRESS = /^[^@\s]+@[^@\s]+$/;
const MAX_TAGS = 20;

const field = (template: string | undefined, data: unknown, max: number) =>
  template === undefined ? '' : oneLine(renderTemplate(template, data)).slice(0, max);

/** "vip, lead,  vip" → ["vip", "lead"]: trimmed, lower case, no repeats, at most 20. */
export function tagsOf(text: string): string[] {
  const tags = text
    .split(',')
    .map((t) => t.trim().toLowerCase().slice(0, 50))
    .filter(Boolean);
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

async function companyId(tx: Queryable, name: string): Promise<string | null> {
  if (!name) return null;
  const found = await tx.query<{ id: string }>('select id from public.crm_companies where lower(name) = lower($1) limit 1', [name]);
  if (found.rows[0]) return found.rows[0].id;
  const made = await tx.query<{ id: string }>('insert into public.crm_companies (name) values ($1) returning id', [name]);
  return made.rows[0]!.id;
}

export async function upsertCrmContact(
  ctx: Ctx,
  step: Extract<ConnectionStep, { type: 'crm_contact' }>,
  s: StepContext,
): Promise<StepOutcome> {
  const email = field(step.email, s.data, 320).toLowerCase();
  const c = {
    email,
    name: field(step.name, s.data, 200),
    phone: field(step.phone, s.data, 50),
    company: field(step.company, s.data, 200),
    source: field(step.source, s.data, 100),
    tags: tagsOf(field(step.tags, s.data, 500)),
  };
  const request = { ...c };
  if (!ADDRESS.test(email)) return { status: 'failed', request, error: 'The e-mail address is empty or not an address for this payload' };
  try {
    const done = await asOwner(ctx, s, async (tx) => {
      const company = await companyId(tx, c.company);
      const updated = await tx.query<{ id: string }>(
        `update public.crm_contacts set
            name = coalesce(nullif($2, ''), name), phone = coalesce(nullif($3, ''), phone),
            company_id = coalesce($4::uuid, company_id), source = coalesce(nullif($5, ''), source),
            tags = (select coalesce(array_agg(t order by n), '{}') from (
                      select t, min(n) as n from unnest(tags || $6::text[]) with ordinality u(t, n) group by t order by min(n) limit ${MAX_TAGS}) x)
          where email = $1 returning id`,
        [email, c.name, c.phone, company, c.source, c.tags],
      );
      const existing = updated.rows[0];
      const id =
        existing?.id ??
        (
          await tx.query<{ id: string }>(
            `insert into public.crm_contacts (name, email, phone, company_id, source, tags)
             values ($1, $2, nullif($3, ''), $4, nullif($5, ''), $6::text[]) returning id`,
            [c.name || email, email, c.phone, company, c.source, c.tags],
          )
        ).rows[0]!.id;
      return { id, created: !existing };
    });
    return { status: 'succeeded', request, response: { contact_id: done.id, created: done.created } };
  } catch (err) {
    if (isDataError(err)) return { status: 'failed', request, error: 'The CRM refused this contact (a field is too long or not valid)' };
    return { status: 'retry', request, error: 'The CRM could not be changed just now' };
  }
}

export async function addCrmActivity(
  ctx: Ctx,
  step: Extract<ConnectionStep, { type: 'crm_activity' }>,
  s: StepContext,
): Promise<StepOutcome> {
  const email = field(step.email, s.data, 320).toLowerCase();
  const body = renderTemplate(step.body, s.data).trim().slice(0, 10_000);
  const request = { email, kind: step.kind, body };
  if (!body) return { status: 'failed', request, error: 'The activity is empty for this payload' };
  try {
    const id = await asOwner(ctx, s, async (tx) => {
      const contact = await tx.query<{ id: string }>('select id from public.crm_contacts where email = $1', [email]);
      const contactId = contact.rows[0]?.id;
      if (!contactId) return null;
      const r = await tx.query<{ id: string }>(
        `insert into public.crm_activities (contact_id, kind, body) values ($1, $2, $3) returning id`,
        [contactId, step.kind, body],
      );
      return { contactId, activityId: r.rows[0]!.id };
    });
    if (!id) return { status: 'failed', request, error: `No CRM contact has the address ${email || '(empty)'}` };
    return { status: 'succeeded', request, response: { contact_id: id.contactId, activity_id: id.activityId } };
  } catch (err) {
    if (isDataError(err)) return { status: 'failed', request, error: 'The CRM refused this activity' };
    return { status: 'retry', request, error: 'The CRM could not be changed just now' };
  }
}
