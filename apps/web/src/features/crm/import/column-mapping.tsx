import type { ParsedCsv } from '@app/shared/csv';
import type { CustomField } from '../api/custom-fields';
import { crmMessages } from '@/lib/messages/crm';
import type { ColumnTarget } from '../lib/import-mapping';
import { selectClass } from '../shared/form-field';

const m = crmMessages.importer;
const TARGETS = ['name', 'first_name', 'last_name', 'email', 'phone', 'company', 'source', 'tags', 'notes'] as const;

/** Each column of the file, a sample of what it holds, and the contact field it fills (or none). */
export function ColumnMapping({
  csv,
  targets,
  fields,
  onChange,
}: {
  csv: ParsedCsv;
  targets: ColumnTarget[];
  fields: CustomField[];
  onChange: (targets: ColumnTarget[]) => void;
}) {
  const sample = (i: number) =>
    csv.rows
      .slice(0, 20)
      .find((r) => (r[i] ?? '').trim() !== '')
      ?.[i]?.trim() ?? '';
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{m.mappingTitle}</caption>
        <tbody>
          {csv.headers.map((h, i) => (
            <tr key={i} className="border-t first:border-t-0">
              <th scope="row" className="w-1/3 px-3 py-2 text-left font-medium">
                <span className="block truncate">{h || `#${i + 1}`}</span>
                {sample(i) && <span className="block truncate text-xs font-normal text-muted-foreground">{m.sample(sample(i))}</span>}
              </th>
              <td className="px-3 py-2">
                <select
                  aria-label={m.columnFor(h || `#${i + 1}`)}
                  className={selectClass}
                  value={targets[i] ?? ''}
                  onChange={(e) => onChange(targets.map((t, j) => (j === i ? (e.target.value as ColumnTarget) : t)))}
                >
                  <option value="">{m.skipColumn}</option>
                  {TARGETS.map((t) => (
                    <option key={t} value={t}>
                      {m.targets[t]}
                    </option>
                  ))}
                  {fields.map((f) => (
                    <option key={f.key} value={`custom.${f.key}`}>
                      {m.customTarget(f.label)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
