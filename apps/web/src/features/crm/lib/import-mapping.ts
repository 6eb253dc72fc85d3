import type { ParsedCsv } from '@app/shared/csv';
import { crmImportRowSchema, mapImportRow, type CrmImportProblem, type CrmImportRow, type CrmImportTarget } from '@app/shared/crm';
import { crmMessages } from '@/lib/messages/crm';
import type { CustomField } from '../api/custom-fields';

/** A column's target, or '' for a column left out. */
export type ColumnTarget = CrmImportTarget | '';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// headers as spreadsheets and other CRMs (HubSpot, Pipedrive, Google and Outlook contacts) write them
const SYNONYMS: Record<Exclude<CrmImportTarget, `custom.${string}`>, string[]> = {
  name: ['name', 'full name', 'contact', 'contact name', 'customer', 'customer name', 'person', 'display name'],
  first_name: ['first name', 'firstname', 'given name', 'forename', 'first'],
  last_name: ['last name', 'lastname', 'surname', 'family name', 'last'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'mail', 'email 1 value', 'primary email'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'mobile phone', 'cell', 'phone 1 value'],
  company: [
    'company',
    'company name',
    'organisation',
    'organization',
    'organization name',
    'business',
    'account',
    'account name',
    'employer',
  ],
  source: ['source', 'lead source', 'channel', 'origin', 'referral source', 'original source'],
  tags: ['tags', 'tag', 'labels', 'label', 'groups', 'segments', 'lists'],
  notes: ['notes', 'note', 'comments', 'comment', 'description', 'remarks'],
};

/** The field a header most likely holds, or '' when nothing fits. */
export function guessTarget(header: string, fields: CustomField[]): ColumnTarget {
  const h = norm(header);
  for (const [target, names] of Object.entries(SYNONYMS)) if (names.includes(h)) return target as CrmImportTarget;
  const f = fields.find((x) => norm(x.label) === h || norm(x.key) === h);
  return f ? `custom.${f.key}` : '';
}

/** Every column's guess; a field already taken by an earlier column is not guessed again (tags may take several). */
export function guessMapping(headers: string[], fields: CustomField[]): ColumnTarget[] {
  const taken = new Set<ColumnTarget>();
  return headers.map((h) => {
    const t = guessTarget(h, fields);
    if (!t || (taken.has(t) && t !== 'tags')) return '';
    taken.add(t);
    return t;
  });
}

/** Whether the mapping gives every contact a name (a name column, or first and/or last name). */
export const mapsName = (targets: ColumnTarget[]) => targets.some((t) => t === 'name' || t === 'first_name' || t === 'last_name');

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A custom cell's problem for its field's type (as the server checks it: server/src/crm/import.ts), or null. */
function customProblem(f: CustomField | undefined, raw: string): string | null {
  const p = crmMessages.importer.customProblems;
  const v = raw.trim();
  if (!f) return p.unknown;
  if (f.type === 'number') return Number.isFinite(Number(v.replaceAll(',', ''))) ? null : p.number;
  if (f.type === 'date') return isDay(v) ? null : p.date;
  if (f.type === 'select') return f.options.some((o) => o.toLowerCase() === v.toLowerCase()) ? null : p.select(f.options.join(', '));
  return null;
}

export interface CheckedRow {
  row: CrmImportRow;
  problems: CrmImportProblem[];
}

export interface PreparedImport {
  /** Every data row, mapped and checked, in file order. */
  checked: CheckedRow[];
  /** The rows without problems: what is sent. */
  ready: CrmImportRow[];
  /** Every problem, by row. */
  problems: CrmImportProblem[];
  /** How many e-mail addresses appear on more than one ready row. */
  repeatedEmails: number;
}

/** The file's rows under the mapping, each checked with the import's own rules (the preview and what is sent). */
export function prepareImport(csv: ParsedCsv, targets: ColumnTarget[], fields: CustomField[]): PreparedImport {
  const mapping = new Map<number, CrmImportTarget>();
  targets.forEach((t, i) => t && mapping.set(i, t));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const checked = csv.rows.map((cells, i): CheckedRow => {
    const row = mapImportRow(cells, mapping, i + 2);
    const r = crmImportRowSchema.safeParse(row);
    const problems: CrmImportProblem[] = r.success
      ? []
      : r.error.issues.map((issue) => ({ row: row.row, field: issue.path.map(String).join('.'), message: issue.message }));
    for (const [key, v] of Object.entries(row.custom ?? {})) {
      const p = customProblem(byKey.get(key), String(v));
      if (p) problems.push({ row: row.row, field: `custom.${key}`, message: `${byKey.get(key)?.label ?? key} ${p}` });
    }
    return { row, problems };
  });
  const ready = checked.filter((c) => c.problems.length === 0).map((c) => c.row);
  const seen = new Map<string, number>();
  for (const r of ready) if (r.email) seen.set(r.email.toLowerCase(), (seen.get(r.email.toLowerCase()) ?? 0) + 1);
  return {
    checked,
    ready,
    problems: checked.flatMap((c) => c.problems),
    repeatedEmails: [...seen.values()].filter((n) => n > 1).length,
  };
}
