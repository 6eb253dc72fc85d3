import { z } from 'zod';
import {
  countFigures,
  importProblems,
  KEY_METRIC_IDS,
  MAX_IMPORT_FIGURES,
  seriesToFigures,
  type ImportProblem,
  type ImportSeries,
  type KeyMetricId,
} from '@app/shared';
import type { Queryable } from '../db/types.js';

/**
 * Issue 42: the figures of a CSV import (the browser read the file and added up its rows, @app/shared/metrics-csv),
 * re-validated here with the shared rules and written all or none in the caller's transaction under RLS.
 */

/** The body's shape. The rules on the values (units, periods, dates) are importProblems', listed figure by figure. */
export const importBodySchema = z
  .object({
    series: z
      .array(
        z
          .object({
            metric_id: z.enum(KEY_METRIC_IDS as [KeyMetricId, ...KeyMetricId[]]),
            period: z.enum(['week', 'month']),
            // JSON has no NaN or Infinity; a number too large for a double arrives as Infinity and is refused here
            values: z.record(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'period_start must be YYYY-MM-DD'), z.number()),
          })
          .strict(),
      )
      .min(1, 'Nothing to import')
      .max(KEY_METRIC_IDS.length * 2),
  })
  .strict();

export type ImportRefusal =
  { refused: 'too_many'; figures: number } | { refused: 'empty' } | { refused: 'problems'; problems: ImportProblem[]; total: number };

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/** Listed in a refusal: enough to fix a file, bounded however bad it is. */
export const MAX_LISTED_PROBLEMS = 100;

/** Why the figures cannot be imported, or null. */
export function refuseImport(series: ImportSeries[], now = new Date()): ImportRefusal | null {
  const figures = countFigures(series);
  if (figures === 0) return { refused: 'empty' };
  if (figures > MAX_IMPORT_FIGURES) return { refused: 'too_many', figures };
  const problems = importProblems(series, now);
  return problems.length ? { refused: 'problems', problems: problems.slice(0, MAX_LISTED_PROBLEMS), total: problems.length } : null;
}

/**
 * Writes the figures as the caller (tx is asUser's), source 'csv'. A figure for a period already recorded replaces
 * it ("updated"); the same value leaves the row as it was ("unchanged"). One statement: the counts come from the
 * table as it was before it, and a refusal by the database (a check, RLS) rolls all of it back. The metrics
 * imported become tracked ones, so the Dashboard view charts what was just imported.
 */
export async function writeImport(tx: Queryable, series: ImportSeries[]): Promise<ImportCounts> {
  const figures = JSON.stringify(seriesToFigures(series));
  const { rows } = await tx.query<ImportCounts>(
    `with input as (
       select metric_id, period, period_start, value
       from jsonb_to_recordset($1::jsonb) as t(metric_id text, period text, period_start date, value numeric)
     ),
     before as (
       select i.value = m.value as same
       from input i
       join public.metric_values m
         on m.user_id = (select auth.uid()) and m.metric_id = i.metric_id and m.period = i.period and m.period_start = i.period_start
     ),
     written as (
       insert into public.metric_values as m (metric_id, period, period_start, value, source)
       select metric_id, period, period_start, value, 'csv' from input
       on conflict (user_id, metric_id, period, period_start)
         do update set value = excluded.value, source = 'csv' where m.value <> excluded.value
       returning 1
     ),
     tracked as (
       insert into public.tracked_metrics (metric_id) select distinct metric_id from input
       on conflict (user_id, metric_id) do nothing
       returning 1
     )
     select ((select count(*) from input) - (select count(*) from before))::int as added,
            (select count(*) from before where not same)::int as updated,
            (select count(*) from before where same)::int as unchanged,
            (select count(*) from written)::int as written,
            (select count(*) from tracked)::int as tracked`,
    [figures],
  );
  const r = rows[0]!;
  return { added: r.added, updated: r.updated, unchanged: r.unchanged };
}
