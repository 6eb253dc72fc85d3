import type { CrmDuplicateMode, CrmImportProblem, CrmImportResult, CrmImportRow } from '@app/shared/crm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import type { ContactQuery } from '../lib/filters';
import { crmKeys } from './keys';

/** The server refused an import (nothing was written): its code, and the rows' problems when it listed them. */
export class ImportRefused extends Error {
  constructor(
    readonly code: string,
    readonly problems: CrmImportProblem[],
    readonly total: number,
  ) {
    super(code);
  }
}

const resultSchema = z.object({
  success: z.literal(true),
  dryRun: z.boolean(),
  created: z.number(),
  merged: z.number(),
  skipped: z.number(),
  companiesCreated: z.number(),
  ms: z.number(),
});
const refusalSchema = z.object({
  code: z.string(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })).optional(),
  total: z.number().optional(),
});

/** POST /functions/v1/crm/import (docs/crm.md): all rows or none; a dry run writes nothing and answers the counts. */
export async function importContacts(rows: CrmImportRow[], onDuplicate: CrmDuplicateMode, dryRun: boolean): Promise<CrmImportResult> {
  const { data, error } = await supabase().functions.invoke('crm/import', { body: { rows, onDuplicate, dryRun } });
  if (!error) return resultSchema.parse(data) as CrmImportResult;
  const res = (error as { context?: Response }).context;
  const status = res?.status ?? 0;
  const body = refusalSchema.safeParse(await res?.json().catch(() => null));
  if (!body.success) throw new ImportRefused(status === 413 ? 'request_too_large' : 'failed', [], 0);
  const problems = body.data.problems ?? [];
  throw new ImportRefused(body.data.code, problems, body.data.total ?? problems.length);
}

export function useImportContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, onDuplicate }: { rows: CrmImportRow[]; onDuplicate: CrmDuplicateMode }) =>
      importContacts(rows, onDuplicate, false),
    onSuccess: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/**
 * The filtered list as CSV (POST /functions/v1/crm/export), saved as the server names it. The byte-order mark is put
 * back (reading the answer as text drops it) so spreadsheets read the file as UTF-8.
 */
export async function exportContacts(q: ContactQuery): Promise<string> {
  const { data, error } = await supabase().functions.invoke('crm/export', { body: { query: q.query, filters: q.filters, sort: q.sort } });
  if (error || typeof data !== 'string') throw new Error('export_failed');
  const file = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(new Blob([data.startsWith('\uFEFF') ? data : `\uFEFF${data}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return file;
}
