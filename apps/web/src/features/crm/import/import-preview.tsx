import { CheckCircle2 } from 'lucide-react';
import { crmMessages } from '@/lib/messages/crm';
import type { CheckedRow } from '../lib/import-mapping';

const m = crmMessages.importer;
const f = crmMessages.contactForm;
export const PREVIEW_ROWS = 8;

/** The first rows as they will be imported, each with its problems (or OK). */
export function ImportPreview({ checked }: { checked: CheckedRow[] }) {
  const th = 'px-2 py-1.5 text-left text-xs font-medium text-muted-foreground';
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="crm-import-preview">
        <caption className="px-3 py-2 text-left text-xs font-medium text-muted-foreground">{m.previewCaption}</caption>
        <thead className="bg-muted/40">
          <tr>
            <th scope="col" className={th}>
              {m.rowColumn}
            </th>
            <th scope="col" className={th}>
              {f.name}
            </th>
            <th scope="col" className={th}>
              {f.email}
            </th>
            <th scope="col" className={`${th} max-xl:hidden`}>
              {f.company}
            </th>
            <th scope="col" className={`${th} max-xl:hidden`}>
              {f.tags}
            </th>
            <th scope="col" className={th}>
              {m.problemsColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {checked.slice(0, PREVIEW_ROWS).map(({ row, problems }) => (
            <tr key={row.row} className="border-t align-top">
              <td className="px-2 py-1.5 tabular-nums text-muted-foreground">{row.row}</td>
              <td className="max-w-48 truncate px-2 py-1.5">{row.name}</td>
              <td className="max-w-56 truncate px-2 py-1.5">{row.email}</td>
              <td className="max-w-40 truncate px-2 py-1.5 max-xl:hidden">{row.company}</td>
              <td className="max-w-40 truncate px-2 py-1.5 max-xl:hidden">{row.tags?.join(', ')}</td>
              <td className="px-2 py-1.5">
                {problems.length ? (
                  <ul className="text-xs text-destructive">
                    {problems.map((p, i) => (
                      <li key={i}>{p.message}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="inline-flex items-center gap-1 text-xs text-success">
                    <CheckCircle2 aria-hidden className="size-3.5" /> {m.ok}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
