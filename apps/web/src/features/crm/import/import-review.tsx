import type { CrmDuplicateMode, CrmImportResult } from '@app/shared/crm';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';
import { ImportRefused, importContacts, useImportContacts } from '../api/import-export';
import { crmKeys } from '../api/keys';
import type { PreparedImport } from '../lib/import-mapping';
import { useDebounced } from '../shared/use-debounced';
import { ImportPreview } from './import-preview';
import { ImportProblems } from './import-problems';

const m = crmMessages.importer;

/**
 * The preview's counts from a dry run on the server (nothing written): run once the mapping has not changed for
 * 400 ms (`version` counts the changes), with the rows and choice as they are then.
 */
function useDryRun(prepared: PreparedImport, mode: CrmDuplicateMode, version: number) {
  const settled = useDebounced(version, 400);
  return useQuery({
    queryKey: crmKeys.dryRun(settled),
    queryFn: () => importContacts(prepared.ready, mode, true),
    enabled: prepared.ready.length > 0 && settled === version,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Rows ready and rows with problems, what the import will do, and the button that does it. */
export function ImportReview({
  total,
  prepared,
  mode,
  version,
  onImported,
}: {
  total: number;
  prepared: PreparedImport;
  mode: CrmDuplicateMode;
  version: number;
  onImported: (r: CrmImportResult) => void;
}) {
  const dry = useDryRun(prepared, mode, version);
  const run = useImportContacts();
  const badRows = new Set(prepared.problems.map((p) => p.row)).size;
  const refusal = run.error instanceof ImportRefused ? run.error : dry.error instanceof ImportRefused ? dry.error : null;
  const submit = () => run.mutate({ rows: prepared.ready, onDuplicate: mode }, { onSuccess: onImported });
  return (
    <div className="space-y-4">
      <ImportPreview checked={prepared.checked} />
      <p className="text-sm text-muted-foreground" data-testid="crm-import-summary">
        {m.rowsSummary(total, prepared.ready.length)}
        {prepared.repeatedEmails > 0 && ` ${m.inFile(prepared.repeatedEmails)}`}
      </p>
      {prepared.problems.length > 0 && <ImportProblems title={m.problemsTitle(badRows)} problems={prepared.problems} />}
      {refusal && refusal.problems.length > 0 && <ImportProblems title={m.refused} problems={refusal.problems} total={refusal.total} />}
      {run.isError && !refusal?.problems.length && (
        <p role="alert" className="text-sm text-destructive">
          {refusal?.code === 'request_too_large' ? m.tooLarge : m.failed}
        </p>
      )}
      {prepared.ready.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.nothingToImport}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="gradient" disabled={run.isPending} onClick={submit}>
            {run.isPending ? m.importing : m.import(prepared.ready.length)}
          </Button>
          <p className="text-sm" aria-live="polite" data-testid="crm-import-dry-run">
            {dry.isFetching ? m.checking : dry.data ? m.willDo(dry.data.created, dry.data.merged, dry.data.skipped) : ''}
          </p>
        </div>
      )}
    </div>
  );
}
