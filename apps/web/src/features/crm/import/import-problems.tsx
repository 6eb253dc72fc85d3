import type { CrmImportProblem } from '@app/shared/crm';
import { crmMessages } from '@/lib/messages/crm';

const m = crmMessages.importer;
const LISTED = 50;

/** Every row problem with its row number ("Row 4: E-mail is not an e-mail address"), the first 50 listed. */
export function ImportProblems({
  title,
  problems,
  total = problems.length,
}: {
  title: string;
  problems: CrmImportProblem[];
  total?: number;
}) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/50 p-3 text-sm" data-testid="crm-import-problems">
      <p className="font-medium text-destructive">{title}</p>
      <ul className="mt-2 space-y-0.5">
        {problems.slice(0, LISTED).map((p, i) => (
          <li key={i}>{p.row > 0 ? m.rowProblem(p.row, p.message) : p.message}</li>
        ))}
      </ul>
      {total > Math.min(LISTED, problems.length) && <p className="mt-1">{m.moreProblems(total - Math.min(LISTED, problems.length))}</p>}
    </div>
  );
}
