import { crmImportRowSchema, type CrmDuplicateMode, type CrmImportProblem } from '@app/shared/crm';
import type { z } from 'zod';
import type { Queryable } from '../db/types.js';

/**
 * Issue 43: a contacts CSV import (docs/crm.md). The browser mapped the file's columns; here every row is checked
 * again (the shared zod schema, then custom values against the customer's fields) and, when none has a problem,
 * all are written in one statement in the caller's transaction under RLS: de-duplicated by e-mail address within
 * the file and against the CRM, companies found or created by name.
 */

export type ImportRow = z.output<typeof crmImportRowSchema>;

/** Listed in a refusal: enough to fix a file, bounded however bad it is. */
export const MAX_LISTED_PROBLEMS = 100;

interface CustomField {
  key: string;
  type: 'text' | 'number' | 'date' | 'select';
  options: string[];
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A custom cell as its field's type wants it (numbers from text, dates as YYYY-MM-DD), or a problem. */
function customValue(field: CustomField | undefined, raw: string | number): { value: string | number } | { problem: string } {
  if (!field) return { problem: 'no such custom field' };
  const text = String(raw).trim();
  switch (field.type) {
    case 'text':
      return { value: text };
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(text.replaceAll(',', ''));
      return text !== '' && Number.isFinite(n) ? { value: n } : { problem: 'must be a number' };
    }
    case 'date':
      return isDay(text) ? { value: text } : { problem: 'must be a date written YYYY-MM-DD' };
    case 'select': {
      const match = field.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return match ? { value: match } : { problem: `must be one of: ${field.options.join(', ')}` };
    }
  }
}

/** The rows, checked: what to write, or every problem (sorted by row). */
export function checkRows(rows: unknown[], fields: CustomField[]): { rows: ImportRow[]; problems: CrmImportProblem[] } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: ImportRow[] = [];
  const problems: CrmImportProblem[] = [];
  rows.forEach((raw, i) => {
    const rowNumber =
      raw && typeof raw === 'object' && Number.isInteger((raw as { row?: unknown }).row) ? (raw as { row: number }).row : i + 2;
    const r = crmImportRowSchema.safeParse(raw);
    if (!r.success) {
      for (const issue of r.error.issues)
        problems.push({ row: rowNumber, field: issue.path.map(String).join('.'), message: issue.message });
      return;
    }
    const row = r.data;
    if (row.custom) {
      const custom: Record<string, string | number> = {};
      for (const [key, v] of Object.entries(row.custom)) {
        if (String(v).trim() === '') continue;
        const c = customValue(byKey.get(key), v);
        if ('problem' in c) problems.push({ row: row.row, field: `custom.${key}`, message: c.problem });
        else custom[key] = c.value;
      }
      row.custom = custom;
    }
    out.push(row);
  });
  problems.sort((a, b) => a.row - b.row);
  return { rows: out, problems };
}

export interface ImportCounts {
  created: number;
  merged: number;
  skipped: number;
  companiesCreated: number;
}

/**
 * Writes the rows as the caller (tx is asUser's) in one statement; its parts see the tables as they were before it,
 * so new companies' ids come from their insert's RETURNING. Duplicates (same e-mail, case ignored): `merge` folds
 * every row into one contact (later non-empty values win, tags and custom values added up) and into a contact
 * already there; `skip` keeps the file's first row and leaves contacts already there as they are.
 */
export async function writeImport(tx: Queryable, rows: ImportRow[], mode: CrmDuplicateMode): Promise<ImportCounts> {
  const input = JSON.stringify(
    rows.map((r, i) => ({
      i,
      name: r.name,
      email: r.email?.toLowerCase() ?? null,
      phone: r.phone ?? null,
      company: r.company ?? null,
      source: r.source ?? null,
      tags: r.tags ?? [],
      notes: r.notes ?? null,
      custom: r.custom ?? {},
    })),
  );
  const { rows: counts } = await tx.query<ImportCounts>(
    `with input as (
       select * from jsonb_to_recordset($1::jsonb)
         as r(i int, name text, email text, phone text, company text, source text, tags text[], notes text, custom jsonb)
     ),
     -- skip: only the file's first row of each address
     kept as (
       select *, coalesce(email, 'row:' || i) as g from (
         select x.*, row_number() over (partition by x.email order by x.i) as nth from input x) y
        where $2 = 'merge' or email is null or nth = 1
     ),
     groups as (
       select g, min(email) as email,
              (array_agg(name order by i desc))[1] as name,
              (array_agg(phone order by i desc) filter (where phone is not null))[1] as phone,
              (array_agg(company order by i desc) filter (where company is not null))[1] as company,
              (array_agg(source order by i desc) filter (where source is not null))[1] as source,
              (array_agg(notes order by i desc) filter (where notes is not null))[1] as notes,
              min(i) as first_i
         from kept group by g
     ),
     group_tags as (
       select k.g, array_agg(t order by k.i, n) as tags from kept k, unnest(k.tags) with ordinality u(t, n) group by k.g
     ),
     group_custom as (
       select k.g, jsonb_object_agg(e.key, e.value order by k.i) as custom from kept k, jsonb_each(k.custom) e group by k.g
     ),
     existing as (
       select c.id, c.email from public.crm_contacts c
        where c.user_id = (select auth.uid()) and c.email in (select email from groups where email is not null)
     ),
     to_write as (
       select gr.*, coalesce(gt.tags, '{}') as tags, coalesce(gc.custom, '{}'::jsonb) as custom, e.id as existing_id
         from groups gr
         left join group_tags gt on gt.g = gr.g
         left join group_custom gc on gc.g = gr.g
         left join existing e on e.email = gr.email
        where $2 = 'merge' or e.id is null
     ),
     wanted as (
       select distinct on (lower(company)) company as name, lower(company) as lname from to_write where company is not null
     ),
     new_companies as (
       insert into public.crm_companies (name)
       select w.name from wanted w
        where not exists (select 1 from public.crm_companies c where c.user_id = (select auth.uid()) and lower(c.name) = w.lname)
       on conflict do nothing
       returning id, lower(name) as lname
     ),
     company_ids as (
       select c.id, lower(c.name) as lname from public.crm_companies c
        where c.user_id = (select auth.uid()) and lower(c.name) in (select lname from wanted)
       union all
       select id, lname from new_companies
     ),
     inserted as (
       insert into public.crm_contacts (name, email, phone, company_id, source, tags, notes, custom)
       select t.name, t.email, t.phone, ci.id, t.source, t.tags, t.notes, t.custom
         from to_write t left join company_ids ci on ci.lname = lower(t.company)
        where t.existing_id is null
        order by t.first_i
       returning 1
     ),
     updated as (
       update public.crm_contacts c
          set name = t.name, phone = coalesce(t.phone, c.phone), company_id = coalesce(ci.id, c.company_id),
              source = coalesce(t.source, c.source), tags = c.tags || t.tags, notes = coalesce(t.notes, c.notes),
              custom = c.custom || t.custom
         from to_write t left join company_ids ci on ci.lname = lower(t.company)
        where t.existing_id is not null and c.id = t.existing_id
       returning 1
     )
     select (select count(*) from inserted)::int as created,
            (case when $2 = 'merge' then (select count(*) from input) - (select count(*) from inserted) else 0 end)::int as merged,
            (case when $2 = 'skip' then (select count(*) from input) - (select count(*) from inserted) else 0 end)::int as skipped,
            (select count(*) from new_companies)::int as "companiesCreated",
            (select count(*) from updated)::int as updated`,
    [input, mode],
  );
  const r = counts[0]!;
  return { created: r.created, merged: r.merged, skipped: r.skipped, companiesCreated: r.companiesCreated };
}

/** The customer's custom fields, for checking the rows' custom values. */
export async function customFields(tx: Queryable): Promise<CustomField[]> {
  const r = await tx.query<CustomField>('select key, type, options from public.crm_custom_fields where user_id = auth.uid()');
  return r.rows;
}
