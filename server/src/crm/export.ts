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
