import type { CrmImportResult } from '@app/shared/crm';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';

const m = crmMessages.importer;

/** What the import did: imported, merged, skipped, and the rows left out for their problems. */
export function ImportResult({
  result,
  errors,
  onView,
  onAgain,
}: {
  result: CrmImportResult;
  errors: number;
  onView: () => void;
  onAgain: () => void;
}) {
  const items = [
    [m.result.imported, result.created],
    [m.result.merged, result.merged],
    [m.result.skipped, result.skipped],
    [m.result.errors, errors],
  ] as const;
  return (
    <section
      role="status"
      aria-labelledby="crm-import-result"
      className="rounded-lg border bg-background/40 p-4"
      data-testid="crm-import-result"
    >
      <h3 id="crm-import-result" className="font-semibold">
        {m.resultTitle}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, n]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-figures text-2xl font-bold">{n.toLocaleString('en-GB')}</dd>
          </div>
        ))}
      </dl>
      {result.companiesCreated > 0 && <p className="mt-2 text-sm text-muted-foreground">{m.companiesCreated(result.companiesCreated)}</p>}
      <div className="mt-4 flex gap-2">
        <Button type="button" onClick={onView}>
          {m.viewContacts}
        </Button>
        <Button type="button" variant="outline" onClick={onAgain}>
          {m.another}
        </Button>
      </div>
    </section>
  );
}
