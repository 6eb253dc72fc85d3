import type { Queryable } from '../db/types.js';
import { toCsv } from '../export/csv.js';

/**
 * Issue 43: a filtered contact list as CSV (docs/crm.md), written as "Download my data" writes its files (RFC 4180,
 * spreadsheet formulas defused: export/csv.ts).
 */

interface ExportRow {
  name: string;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  source: string | null;
  tags: string[];
  notes: string | null;
  custom: Record<string, unknown>;
  created_at: string | Date;
  last_activity_at: string | Date | null;
}

const HEADER = ['Name', 'E-mail', 'Phone', 'Company', 'Source', 'Tags', 'Notes', 'Created', 'Last activity'];

const iso = (t: string | Date | null) => (t ? new Date(t).toISOString().replace('.000Z', 'Z') : '');

/** The CSV text (a byte-order mark first, so spreadsheets read UTF-8) of the contacts the search and filters match. */
export async function exportContacts(tx: Queryable, query: string, filters: Record<string, unknown>, sort: string): Promise<string> {
  const fields = await tx.query<{ key: string; label: string }>(
    'select key, label from public.crm_custom_fields where user_id = auth.uid() order by position, key',
  );
  const { rows } = await tx.query<ExportRow>('select * from public.crm_export_contacts($1, $2::jsonb, $3)', [
    query,
    JSON.stringify(filters),
    sort,
  ]);
  const custom = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : null);
  return (
    '\uFEFF' +
    toCsv(
      [...HEADER, ...fields.rows.map((f) => f.label)],
      rows.map((r) => [
        r.name,
        r.email,
        r.phone,
        r.company_name,
        r.source,
        r.tags.join('; '),
        r.notes,
        iso(r.created_at),
        iso(r.last_activity_at),
        ...fields.rows.map((f) => custom(r.custom[f.key])),
      ]),
    )
  );
}

/** The CRM's files in "Download my data": every contact, deal, activity and task of the customer, one CSV each. */
export async function crmExportFiles(tx: Queryable): Promise<{ name: string; content: string }[]> {
  const files: { name: string; content: string }[] = [];
  const contacts = await exportContacts(tx, '', {}, 'name');
  if (contacts.split('\r\n').length > 2) files.push({ name: 'crm/contacts.csv', content: contacts });
  const deals = await tx.query<{
    title: string;
    value: string;
    currency: string;
    stage: string;
    contact: string | null;
    company: string | null;
    expected_close: string | null;
    closed_at: Date | null;
    created_at: Date;
  }>(
    `select d.title, d.value::text as value, d.currency, s.name as stage, c.name as contact, co.name as company,
            to_char(d.expected_close, 'YYYY-MM-DD') as expected_close, d.closed_at, d.created_at
       from public.crm_deals d join public.crm_stages s on s.id = d.stage_id
       left join public.crm_contacts c on c.id = d.contact_id left join public.crm_companies co on co.id = d.company_id
      where d.user_id = auth.uid() order by s.position, d.position, d.id`,
  );
  if (deals.rows.length)
    files.push({
      name: 'crm/deals.csv',
      content: toCsv(
        ['Deal', 'Value', 'Currency', 'Stage', 'Contact', 'Company', 'Expected close', 'Closed', 'Created'],
        deals.rows.map((d) => [
          d.title,
          d.value,
          d.currency,
          d.stage,
          d.contact,
          d.company,
          d.expected_close,
          iso(d.closed_at),
          iso(d.created_at),
        ]),
      ),
    });
  const activities = await tx.query<{ occurred_at: Date; kind: string; contact: string | null; deal: string | null; body: string }>(
    `select a.occurred_at, a.kind, c.name as contact, d.title as deal, a.body
       from public.crm_activities a left join public.crm_contacts c on c.id = a.contact_id left join public.crm_deals d on d.id = a.deal_id
      where a.user_id = auth.uid() order by a.occurred_at, a.id`,
  );
  if (activities.rows.length)
    files.push({
      name: 'crm/activities.csv',
      content: toCsv(
        ['When', 'Kind', 'Contact', 'Deal', 'What happened'],
        activities.rows.map((a) => [iso(a.occurred_at), a.kind, a.contact, a.deal, a.body]),
      ),
    });
  const tasks = await tx.query<{
    title: string;
    due_date: string | null;
    contact: string | null;
    deal: string | null;
    done_at: Date | null;
  }>(
    `select t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date, c.name as contact, d.title as deal, t.done_at
       from public.crm_tasks t left join public.crm_contacts c on c.id = t.contact_id left join public.crm_deals d on d.id = t.deal_id
      where t.user_id = auth.uid() order by t.due_date nulls last, t.created_at, t.id`,
  );
  if (tasks.rows.length)
    files.push({
      name: 'crm/tasks.csv',
      content: toCsv(
        ['Task', 'Due', 'Contact', 'Deal', 'Done'],
        tasks.rows.map((t) => [t.title, t.due_date, t.contact, t.deal, iso(t.done_at)]),
      ),
    });
  return files;
}
