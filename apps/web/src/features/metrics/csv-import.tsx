import { useId, useMemo, useState } from 'react';
import { figuresToSeries, importProblems, type Currency, type KeyMetricId, type MetricPeriod } from '@app/shared';
import {
  deriveFigures,
  detectPreset,
  guessDateOrder,
  parseCsv,
  presetColumns,
  presetMissingColumns,
  type CsvPreset,
  type DateOrder,
  type ParsedCsv,
} from '@app/shared/metrics-csv';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { messages } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { ImportRefused, useImportFigures, type ImportCounts } from './api';
import { ColumnMapping, guessColumns, selectClass } from './csv-column-mapping';
import { FigureProblems, LISTED } from './csv-figure-problems';
import { formatMetric } from './format';

const m = messages.metrics;
const t = m.csv;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Format = CsvPreset | 'columns';
type FileState = { name: string; csv: ParsedCsv; slashedDates: boolean } | { name: string; problem: keyof typeof t.fileProblems };
const SLASHED_DATE = /^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b/;

/**
 * The CSV import (issue 42): a file, a preset (Shopify, Stripe, bank statement) or a column mapping, a preview of
 * the rows and of the figures that will be written, every row problem with its row number, then the import, all
 * or nothing. A refusal keeps the file and the mapping so the customer can fix and retry.
 */
export default function CsvImport({ ids, currency }: { ids: KeyMetricId[]; currency: Currency }) {
  const idp = useId();
  const [file, setFile] = useState<FileState | null>(null);
  const [format, setFormat] = useState<Format>('columns');
  const [dateColumn, setDateColumn] = useState('');
  const [values, setValues] = useState<{ column: string; metric: KeyMetricId }[]>([]);
  const [period, setPeriod] = useState<MetricPeriod>('month');
  const [dateOrder, setDateOrder] = useState<DateOrder>('dmy');
  const [done, setDone] = useState<ImportCounts | null>(null);
  const importFigures = useImportFigures();
  const csv = file && 'csv' in file ? file.csv : null;

  const choose = async (picked: File | undefined) => {
    setDone(null);
    importFigures.reset();
    if (!picked) return setFile(null);
    if (picked.size > MAX_FILE_BYTES) return setFile({ name: picked.name, problem: 'too_big' });
    const parsed = parseCsv(await picked.text());
    if ('problem' in parsed) return setFile({ name: picked.name, problem: parsed.problem });
    const sample = parsed.rows.slice(0, 500).flat();
    // only dates like 03/04/2026 need the customer to say which number is the day
    setFile({ name: picked.name, csv: parsed, slashedDates: sample.some((cell) => SLASHED_DATE.test(cell.trim())) });
    setFormat(detectPreset(parsed.headers) ?? 'columns');
    const guess = guessColumns(parsed, ids[0] ?? 'revenue');
    setDateColumn(guess.date);
    setValues(guess.values);
    setDateOrder(guessDateOrder(sample));
  };
  /** Any change to the mapping: the last import's answer no longer describes what is shown. */
  const changed = () => {
    setDone(null);
    importFigures.reset();
  };

  const { missing, derived } = useMemo(() => {
    const missing = csv && format !== 'columns' ? presetMissingColumns(format, csv.headers) : [];
    if (!csv || missing.length) return { missing, derived: null };
    const mapping =
      format === 'columns' ? { kind: 'columns' as const, date: dateColumn, values } : { kind: 'preset' as const, preset: format };
    if (mapping.kind === 'columns' && (!mapping.date || mapping.values.length === 0)) return { missing, derived: null };
    const d = deriveFigures(csv, mapping, { period, dateOrder, currency });
    const series = figuresToSeries(d.figures);
    return { missing, derived: { ...d, series, figureProblems: importProblems(series) } };
  }, [csv, format, dateColumn, values, period, dateOrder, currency]);
  const shownColumns = !csv
    ? []
    : format !== 'columns' && missing.length === 0
      ? presetColumns(format, csv.headers)
      : format === 'columns' && dateColumn
        ? [...new Set([dateColumn, ...values.map((v) => v.column)])]
        : csv.headers.slice(0, 8);
  const canImport = derived && derived.figures.length > 0 && derived.problems.length === 0 && derived.figureProblems.length === 0;
  const refusal = importFigures.error instanceof ImportRefused ? importFigures.error : null;

  const submit = () => {
    if (!derived || !canImport) return;
    importFigures.mutate(derived.series, {
      onSuccess: (counts) => {
        setDone(counts);
        void toast.success(t.imported(counts.added, counts.updated, counts.unchanged));
      },
    });
  };

  return (
    <section aria-labelledby={`${idp}-title`} className="mt-6 rounded-lg border p-4" data-testid="csv-import">
      <h3 id={`${idp}-title`} className="font-medium">
        {t.title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t.explained}</p>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Label htmlFor={`${idp}-file`}>{t.file}</Label>
          <input
            id={`${idp}-file`}
            type="file"
            accept=".csv,text/csv"
            className="block w-full cursor-pointer text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </div>
        {file && 'problem' in file && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {t.fileProblems[file.problem]}
          </p>
        )}
        {csv && (
          <>
            <div>
              <Label htmlFor={`${idp}-format`}>{t.format}</Label>
              <select
                id={`${idp}-format`}
                className={selectClass}
                value={format}
                onChange={(e) => {
                  setFormat(e.target.value as Format);
                  changed();
                }}
              >
                {(['shopify', 'stripe', 'bank', 'columns'] as const).map((f) => (
                  <option key={f} value={f}>
                    {t.formats[f]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor={`${idp}-period`}>{t.period}</Label>
              <select
                id={`${idp}-period`}
                className={selectClass}
                value={period}
                onChange={(e) => {
                  setPeriod(e.target.value as MetricPeriod);
                  changed();
                }}
              >
                <option value="month">{t.periods.month}</option>
                <option value="week">{t.periods.week}</option>
              </select>
            </div>
            {file && 'csv' in file && file.slashedDates && (
              <div className="sm:col-span-2">
                <Label htmlFor={`${idp}-order`}>{t.dateOrder}</Label>
                <select
                  id={`${idp}-order`}
                  className={selectClass}
                  value={dateOrder}
                  onChange={(e) => {
                    setDateOrder(e.target.value as DateOrder);
                    changed();
                  }}
                >
                  <option value="dmy">{t.dateOrders.dmy}</option>
                  <option value="mdy">{t.dateOrders.mdy}</option>
                </select>
              </div>
            )}
            {format !== 'columns' && <p className="text-sm text-muted-foreground sm:col-span-2">{t.presetExplained[format]}</p>}
            {missing.length > 0 && (
              <p role="alert" className="text-sm text-destructive sm:col-span-2">
                {t.missingColumns} {missing.join(', ')}
              </p>
            )}
            {format === 'columns' && (
              <ColumnMapping
                idp={idp}
                csv={csv}
                dateColumn={dateColumn}
                values={values}
                onDate={(d) => {
                  setDateColumn(d);
                  changed();
                }}
                onValues={(v) => {
                  setValues(v);
                  changed();
                }}
                fallbackMetric={ids[0] ?? 'revenue'}
              />
            )}
          </>
        )}
      </div>

      {csv && (
        <div className="mt-6 space-y-4">
          <h4 className="text-sm font-medium">{t.previewTitle}</h4>
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">{t.firstRows}</caption>
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">
                    #
                  </th>
                  {shownColumns.map((h) => (
                    <th key={h} scope="col" className="whitespace-nowrap px-2 py-1 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {csv.rows.slice(0, 5).map((r, i) => (
                  <tr key={i} className="border-t">
                    <td className="px-2 py-1 text-muted-foreground">{i + 2}</td>
                    {shownColumns.map((h) => (
                      <td key={h} className="whitespace-nowrap px-2 py-1">
                        {r[csv.headers.indexOf(h)] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {derived && (
            <p className="text-sm text-muted-foreground" data-testid="csv-rows-summary">
              {t.rowsSummary(csv.rows.length, derived.used, derived.skipped)}
            </p>
          )}

          {derived && derived.problems.length > 0 && (
            <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm" data-testid="csv-row-problems">
              <p className="font-medium text-destructive">{t.problemsTitle(new Set(derived.problems.map((p) => p.row)).size)}</p>
              <ul className="mt-2 space-y-1">
                {derived.problems.slice(0, LISTED).map((p, i) => (
                  <li key={i}>
                    {t.rowProblem(p.row, p.column, p.value)} {t.rowReasons[p.reason]}
                  </li>
                ))}
              </ul>
              {derived.problems.length > LISTED && <p className="mt-1">{t.moreProblems(derived.problems.length - LISTED)}</p>}
            </div>
          )}

          {derived && derived.figureProblems.length > 0 && <FigureProblems problems={derived.figureProblems} title={t.refused} />}

          {derived && derived.figures.length > 0 ? (
            <div className="overflow-x-auto rounded-md border">
              <table className="w-full text-left text-sm" data-testid="csv-figures">
                <caption className="px-2 py-1 text-left text-xs font-medium text-muted-foreground">{t.figuresTitle}</caption>
                <thead className="bg-muted/50 text-xs">
                  <tr>
                    <th scope="col" className="px-2 py-1 font-medium">
                      {t.periodColumn}
                    </th>
                    <th scope="col" className="px-2 py-1 font-medium">
                      {m.metricLabel}
                    </th>
                    <th scope="col" className="px-2 py-1 text-right font-medium">
                      {m.valueLabel}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {derived.figures.slice(0, 24).map((f) => (
                    <tr key={`${f.metric_id}-${f.period_start}`} className="border-t">
                      <td className="px-2 py-1">{f.period_start}</td>
                      <td className="px-2 py-1">{m.labels[f.metric_id]}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{formatMetric(f.metric_id, f.value, currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {derived.figures.length > 24 && (
                <p className="px-2 py-1 text-xs text-muted-foreground">{t.moreFigures(derived.figures.length - 24)}</p>
              )}
            </div>
          ) : (
            missing.length === 0 && <p className="text-sm text-muted-foreground">{t.noFigures}</p>
          )}

          {refusal && refusal.problems.length > 0 && <FigureProblems problems={refusal.problems} title={t.refused} />}
          {importFigures.isError && (!refusal || refusal.problems.length === 0) && (
            <p role="alert" className="text-sm text-destructive">
              {refusal?.code === 'metrics_import_too_large' ? t.tooLarge : t.importFailed}
            </p>
          )}
          {done && (
            <p role="status" className="text-sm font-medium" data-testid="csv-import-done">
              {t.imported(done.added, done.updated, done.unchanged)}
            </p>
          )}

          {derived && derived.figures.length > 0 && (
            <Button type="button" onClick={submit} disabled={!canImport || importFigures.isPending}>
              {importFigures.isPending ? t.importing : t.import(derived.figures.length)}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
