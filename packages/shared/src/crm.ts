import { z } from 'zod';

/**
 * Issue 43: the CRM's shared rules (docs/crm.md). The contacts import's row schema is checked in the browser (the
 * preview) and again on the server (POST /functions/v1/crm/import); the limits match the database's checks
 * (supabase/migrations/0810_crm.sql). Imported as '@app/shared/crm', never from the package index (it loads zod).
 */

export const CRM_LIMITS = {
  name: 200,
  email: 320,
  phone: 50,
  company: 200,
  source: 100,
  tags: 20,
  tag: 50,
  notes: 10_000,
  customText: 1000,
  customFields: 30,
  /** Rows in one import (one transaction, all or nothing). */
  importRows: 20_000,
  /** Contacts in one CSV export. */
  exportRows: 50_000,
  /** Per-page rows of crm_search_contacts. */
  pageRows: 200,
  searchText: 200,
} as const;

export const CRM_ACTIVITY_KINDS = ['note', 'call', 'email', 'deal_moved', 'connection_run'] as const;
export type CrmActivityKind = (typeof CRM_ACTIVITY_KINDS)[number];
/** The kinds a person (or the coach, approved) logs; the others are written by the pipeline and connections. */
export const CRM_HAND_ACTIVITY_KINDS = ['note', 'call', 'email'] as const;
export type CrmHandActivityKind = (typeof CRM_HAND_ACTIVITY_KINDS)[number];

export const CRM_STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type CrmStageKind = (typeof CRM_STAGE_KINDS)[number];

export const CRM_CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export type CrmCustomFieldType = (typeof CRM_CUSTOM_FIELD_TYPES)[number];

export const CRM_SORTS = ['name', 'created', 'activity'] as const;
export type CrmSort = (typeof CRM_SORTS)[number];

/** crm_search_contacts' and crm_count_contacts' p_filters (every key optional; null = not filtered). */
export interface CrmContactFilters {
  tags?: string[];
  company_id?: string;
  stage_id?: string;
  source?: string;
  created_from?: string;
  created_to?: string;
  no_activity_since?: string;
  has_email?: boolean;
  has_open_deal?: boolean;
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-11-30')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a real date');
const uuid = z.string().uuid('must be an id');

/** The filters as the server takes them at its boundary (the database checks them again, for /rest/v1 callers). */
export const crmContactFiltersSchema = z
  .object({
    tags: z.array(z.string().max(50)).max(20, 'at most 20 tags').nullable(),
    company_id: uuid.nullable(),
    stage_id: uuid.nullable(),
    source: z.string().max(100).nullable(),
    created_from: isoDay.nullable(),
    created_to: isoDay.nullable(),
    no_activity_since: isoDay.nullable(),
    has_email: z.boolean().nullable(),
    has_open_deal: z.boolean().nullable(),
  })
  .partial()
  .strict();

/** What a saved view keeps in crm_saved_views.filters. */
export interface CrmViewSettings {
  query?: string;
  filters?: CrmContactFilters;
  sort?: CrmSort;
}

export const CRM_DUPLICATE_MODES = ['merge', 'skip'] as const;
export type CrmDuplicateMode = (typeof CRM_DUPLICATE_MODES)[number];

// Text a cell may hold: no NUL, no unpaired surrogate (PostgreSQL cannot store them).
const storable = (s: string) => !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
const cell = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max.toLocaleString('en-GB')} characters`)
    .refine(storable, `${what} has characters that cannot be stored`);
const optionalCell = (max: number, what: string) =>
  cell(max, what)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A plain e-mail shape (what the database checks: something@something, no spaces). */
export const CRM_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * One mapped CSV row as the browser sends it. `row` is the file's row number as a spreadsheet shows it (the header
 * is row 1), so problems name the row the customer can find. Empty cells are absent or ''. `custom` holds values
 * for the customer's custom fields by key, as text or numbers; the server checks them against the fields' types.
 */
export const crmImportRowSchema = z
  .object({
    row: z.number().int().min(1).max(10_000_000),
    name: cell(CRM_LIMITS.name, 'Name').min(1, 'Name is required'),
    email: optionalCell(CRM_LIMITS.email, 'E-mail').refine((v) => v === undefined || CRM_EMAIL.test(v), 'E-mail is not an e-mail address'),
    phone: optionalCell(CRM_LIMITS.phone, 'Phone'),
    company: optionalCell(CRM_LIMITS.company, 'Company'),
    source: optionalCell(CRM_LIMITS.source, 'Source'),
    tags: z.array(cell(CRM_LIMITS.tag, 'A tag')).max(CRM_LIMITS.tags, `At most ${CRM_LIMITS.tags} tags`).optional(),
    notes: optionalCell(CRM_LIMITS.notes, 'Notes'),
    custom: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a custom field key'),
        z.union([cell(CRM_LIMITS.customText, 'A custom value'), z.number()]),
      )
      .optional(),
  })
  .strict();
export type CrmImportRow = z.input<typeof crmImportRowSchema>;

/** The import's body: the rows, and what to do with an e-mail address already in the CRM or repeated in the file. */
export const crmImportBodySchema = z
  .object({
    rows: z
      .array(z.unknown())
      .min(1, 'Nothing to import')
      .max(CRM_LIMITS.importRows, `At most ${CRM_LIMITS.importRows.toLocaleString('en-GB')} rows at a time`),
    onDuplicate: z.enum(CRM_DUPLICATE_MODES),
    /** Work out the counts and problems, write nothing (the preview). */
    dryRun: z.boolean().optional(),
  })
  .strict();
export type CrmImportBody = z.input<typeof crmImportBodySchema>;

/** One row the import refuses, and why. `field` is the row's key ('email', 'custom.size'…) or '' for the row. */
export interface CrmImportProblem {
  row: number;
  field: string;
  message: string;
}

/** A successful import's (or dry run's) answer. */
export interface CrmImportResult {
  success: true;
  dryRun: boolean;
  /** New contacts. */
  created: number;
  /** Existing contacts (or earlier rows of the file) the row was merged into. */
  merged: number;
  /** Rows left out because their e-mail address was already there (onDuplicate 'skip'). */
  skipped: number;
  companiesCreated: number;
  ms: number;
}

/** Splits a tags cell ("vip; newsletter, 2024") into tags: commas or semicolons, trimmed, empty ones dropped. */
export function splitTags(cellText: string): string[] {
  return cellText
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** A CSV column the customer maps, and the contact field it fills (or a custom field by key). */
export type CrmImportTarget =
  'name' | 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'source' | 'tags' | 'notes' | `custom.${string}`;

/**
 * The import row for one CSV record under a mapping (column index → target). First and last name columns are
 * joined into the name when no name column is mapped.
 */
export function mapImportRow(cells: readonly string[], mapping: ReadonlyMap<number, CrmImportTarget>, row: number): CrmImportRow {
  const out: CrmImportRow & { custom: Record<string, string> } = { row, name: '', custom: {} };
  let first = '';
  let last = '';
  for (const [i, target] of mapping) {
    const v = (cells[i] ?? '').trim();
    if (v === '') continue;
    if (target === 'first_name') first = v;
    else if (target === 'last_name') last = v;
    else if (target === 'tags') out.tags = [...(out.tags ?? []), ...splitTags(v)];
    else if (target.startsWith('custom.')) out.custom[target.slice(7)] = v;
    else out[target as 'name' | 'email' | 'phone' | 'company' | 'source' | 'notes'] = v;
  }
  if (!out.name) out.name = [first, last].filter(Boolean).join(' ');
  if (Object.keys(out.custom).length === 0) delete (out as { custom?: unknown }).custom;
  return out;
}

/** The names the coach's CRM tools go by (the web shows their approval cards). */
export const CRM_COACH_TOOLS = [
  'findContacts',
  'readContact',
  'findDeals',
  'findFollowUps',
  'draftFollowUp',
  'addContact',
  'logActivity',
] as const;
