import { KEY_METRIC_IDS, type KeyMetricId } from '@app/shared';
import { parseAmount, parseDay, type ParsedCsv } from '@app/shared/metrics-csv';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';

const m = messages.metrics;
const t = m.csv;
export const selectClass = 'flex h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 py-2 text-sm';

export /** A guess at the columns of a file no preset reads: the first column of dates, then the first column of numbers. */
function guessColumns(csv: ParsedCsv, metric: KeyMetricId) {
  const first = csv.rows[0] ?? [];
  const date = csv.headers.find((_, i) => parseDay(first[i] ?? '', 'dmy') !== null) ?? '';
  const value = csv.headers.find((h, i) => h !== date && parseAmount(first[i] ?? '') !== null);
  return { date, values: value ? [{ column: value, metric }] : [] };
}

interface MappingProps {
  idp: string;
  csv: ParsedCsv;
  dateColumn: string;
  values: { column: string; metric: KeyMetricId }[];
  onDate: (column: string) => void;
  onValues: (values: { column: string; metric: KeyMetricId }[]) => void;
  fallbackMetric: KeyMetricId;
}

/** My own columns: the date column, then each column of figures and the metric it holds. */
export function ColumnMapping({ idp, csv, dateColumn, values, onDate, onValues, fallbackMetric }: MappingProps) {
  const others = csv.headers.filter((h) => h !== dateColumn);
  const set = (i: number, patch: Partial<{ column: string; metric: KeyMetricId }>) =>
    onValues(values.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div className="grid gap-3 sm:col-span-2">
      <div>
        <Label htmlFor={`${idp}-date`}>{t.dateColumn}</Label>
        <select id={`${idp}-date`} className={selectClass} value={dateColumn} onChange={(e) => onDate(e.target.value)}>
          <option value="">{t.choose}</option>
          {csv.headers.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </div>
      {values.map((v, i) => (
        <div key={i} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <div>
            <Label htmlFor={`${idp}-col-${i}`}>
              {t.valueColumn} {i + 1}
            </Label>
            <select id={`${idp}-col-${i}`} className={selectClass} value={v.column} onChange={(e) => set(i, { column: e.target.value })}>
              {others.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor={`${idp}-metric-${i}`}>{t.metricFor}</Label>
            <select
              id={`${idp}-metric-${i}`}
              className={selectClass}
              value={v.metric}
              onChange={(e) => set(i, { metric: e.target.value as KeyMetricId })}
            >
              {KEY_METRIC_IDS.map((id) => (
                <option key={id} value={id}>
                  {m.labels[id]}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="button"
            variant="outline"
            aria-label={t.removeColumnLabel(i + 1)}
            onClick={() => onValues(values.filter((_, j) => j !== i))}
          >
            {t.removeColumn}
          </Button>
        </div>
      ))}
      {others.length > 0 && (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              onValues([
                ...values,
                { column: others.find((h) => !values.some((v) => v.column === h)) ?? others[0]!, metric: fallbackMetric },
              ])
            }
          >
            {t.addColumn}
          </Button>
        </div>
      )}
    </div>
  );
}
