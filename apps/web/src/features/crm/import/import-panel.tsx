import { parseCsvTable, type CsvFileProblem, type ParsedCsv } from '@app/shared/csv';
import { CRM_DUPLICATE_MODES, CRM_LIMITS, type CrmDuplicateMode, type CrmImportResult } from '@app/shared/crm';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Label } from '@/components/ui/label';
import { crmMessages } from '@/lib/messages/crm';
import { customFieldsQuery } from '../api/custom-fields';
import { guessMapping, mapsName, prepareImport, type ColumnTarget } from '../lib/import-mapping';
import { ColumnMapping } from './column-mapping';
import { ImportResult } from './import-result';
import { ImportReview } from './import-review';

const m = crmMessages.importer;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

type FileState = { name: string; csv: ParsedCsv } | { name: string; problem: CsvFileProblem | 'too_big' };

/**
 * The contacts CSV import (issue 43; loaded on demand with papaparse): a file, its columns mapped to contact fields
 * (guessed from the headers), what to do with e-mail addresses already in the CRM, a preview with every row's
 * problems, then the import of the rows without problems through the server, all or nothing, and what it did.
 */
export default function ImportPanel({ onDone }: { onDone: () => void }) {
  const idp = useId();
  const fields = useQuery(customFieldsQuery());
  const [file, setFile] = useState<FileState | null>(null);
  const [targets, setTargets] = useState<ColumnTarget[]>([]);
  const [mode, setMode] = useState<CrmDuplicateMode>('merge');
  const [done, setDone] = useState<{ result: CrmImportResult; errors: number } | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // every change of file, mapping or choice: the dry run's counts are asked for again once it settles
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const csv = file && 'csv' in file ? file.csv : null;
  const fieldList = useMemo(() => fields.data ?? [], [fields.data]);
  const prepared = useMemo(() => (csv && mapsName(targets) ? prepareImport(csv, targets, fieldList) : null), [csv, targets, fieldList]);

  const choose = async (picked: File | undefined) => {
    setDone(null);
    if (!picked) return setFile(null);
    if (picked.size > MAX_FILE_BYTES) return setFile({ name: picked.name, problem: 'too_big' });
    const parsed = parseCsvTable(await picked.text(), CRM_LIMITS.importRows);
    if ('problem' in parsed) return setFile({ name: picked.name, problem: parsed.problem });
    setFile({ name: picked.name, csv: parsed });
    setTargets(guessMapping(parsed.headers, fieldList));
    changed();
  };

  if (done)
    return (
      <ImportResult
        result={done.result}
        errors={done.errors}
        onView={onDone}
        onAgain={() => {
          setDone(null);
          setFile(null);
          setInputKey((k) => k + 1);
        }}
      />
    );

  return (
    <section aria-labelledby={`${idp}-title`} className="space-y-5 rounded-xl border bg-card p-5" data-testid="crm-import">
      <div>
        <h2 id={`${idp}-title`} className="text-lg font-semibold">
          {m.title}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{m.intro}</p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idp}-file`}>{m.file}</Label>
        <input
          key={inputKey}
          id={`${idp}-file`}
          type="file"
          accept=".csv,text/csv"
          className="block w-full cursor-pointer text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {file && 'problem' in file && (
          <p role="alert" className="text-sm text-destructive">
            {m.fileProblems[file.problem]}
          </p>
        )}
      </div>
      {csv && (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          <div className="space-y-4">
            <div>
              <h3 className="font-semibold">{m.mappingTitle}</h3>
              <p className="text-sm text-muted-foreground">{m.mappingIntro}</p>
            </div>
            <ColumnMapping
              csv={csv}
              targets={targets}
              fields={fieldList}
              onChange={(t) => {
                setTargets(t);
                changed();
              }}
            />
            <fieldset className="space-y-1.5">
              <legend className="mb-1 text-sm font-semibold">{m.duplicatesTitle}</legend>
              {CRM_DUPLICATE_MODES.map((d) => (
                <label key={d} className="flex cursor-pointer items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${idp}-dup`}
                    value={d}
                    checked={mode === d}
                    onChange={() => {
                      setMode(d);
                      changed();
                    }}
                    className="mt-1 accent-primary"
                  />
                  {m.duplicates[d]}
                </label>
              ))}
            </fieldset>
          </div>
          <div className="min-w-0 space-y-4">
            <h3 className="font-semibold">{m.previewTitle}</h3>
            {prepared ? (
              <ImportReview
                total={csv.rows.length}
                prepared={prepared}
                mode={mode}
                version={version}
                onImported={(result) => setDone({ result, errors: new Set(prepared.problems.map((p) => p.row)).size })}
              />
            ) : (
              <p role="alert" className="text-sm text-destructive">
                {m.needName}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
