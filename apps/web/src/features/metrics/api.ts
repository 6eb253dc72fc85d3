import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  KEY_METRIC_IDS,
  metricEntryProblem,
  trackedMetricIds,
  type ImportProblem,
  type ImportSeries,
  type KeyMetricId,
  type MetricEntry,
} from '@app/shared';
import { supabase } from '@/lib/supabase';

/** public.metric_values and tracked_metrics (migration 0730): the customer's own numbers, under RLS. */
export const metricsKeys = {
  all: ['metrics'] as const,
  tracked: (userId: string) => [...metricsKeys.all, 'tracked', userId] as const,
  latest: (userId: string, metric: string, period: string) => [...metricsKeys.all, 'latest', userId, metric, period] as const,
};

/** Chosen at onboarding plus added since, and the account's currency for money metrics. */
export const trackedMetricsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: metricsKeys.tracked(userId ?? ''),
    enabled: userId !== undefined,
    queryFn: async () => {
      const [profile, added] = await Promise.all([
        supabase().from('business_profiles').select('key_metrics, currency').eq('user_id', userId!).maybeSingle(),
        supabase().from('tracked_metrics').select('metric_id, target'),
      ]);
      if (profile.error) throw new Error(profile.error.message);
      if (added.error) throw new Error(added.error.message);
      const ids = trackedMetricIds(
        profile.data?.key_metrics ?? [],
        added.data.map((r) => r.metric_id),
      );
      return {
        ids,
        targets: Object.fromEntries(added.data.map((r) => [r.metric_id, r.target])) as Partial<Record<KeyMetricId, number | null>>,
        currency: profile.data?.currency === 'USD' ? ('USD' as const) : ('GBP' as const),
      };
    },
  });

/** The two most recent figures of one metric's series (this period's, if entered, and the one before). */
export const latestValuesQuery = (userId: string | undefined, metric: KeyMetricId, period: MetricEntry['period']) =>
  queryOptions({
    queryKey: metricsKeys.latest(userId ?? '', metric, period),
    enabled: userId !== undefined,
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('metric_values')
        .select('period_start, value')
        .eq('metric_id', metric)
        .eq('period', period)
        .order('period_start', { ascending: false })
        .limit(2);
      if (error) throw new Error(error.message);
      return data;
    },
  });

const entrySchema = z
  .object({
    metric_id: z.enum(KEY_METRIC_IDS as [KeyMetricId, ...KeyMetricId[]]),
    period: z.enum(['week', 'month']),
    period_start: z.string(),
    value: z.number(),
  })
  .refine((e) => metricEntryProblem(e) === null);

/** Records a figure; entering the same period again replaces it (one row per period, unique in the table). */
export function useSaveMetricValue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (entry: MetricEntry) => {
      const { error } = await supabase()
        .from('metric_values')
        .upsert({ ...entrySchema.parse(entry), source: 'manual' }, { onConflict: 'user_id,metric_id,period,period_start' });
      if (error) throw new Error(error.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: metricsKeys.all }),
  });
}

/** Monthly figures of the tracked metrics since `since` (the charts' 12 months), oldest first. */
export const monthlySeriesQuery = (userId: string | undefined, ids: KeyMetricId[], since: string) =>
  queryOptions({
    queryKey: [...metricsKeys.all, 'series', userId ?? '', ids.join(','), since] as const,
    enabled: userId !== undefined && ids.length > 0,
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('metric_values')
        .select('metric_id, period_start, value')
        .in('metric_id', ids)
        .eq('period', 'month')
        .gte('period_start', since)
        .order('period_start');
      if (error) throw new Error(error.message);
      return data;
    },
  });

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/** The server refused an import: nothing was written. `problems` lists the refused figures when it said which. */
export class ImportRefused extends Error {
  constructor(
    readonly code: string,
    readonly problems: ImportProblem[],
    readonly total: number,
  ) {
    super(code);
  }
}

const refusalSchema = z.object({
  code: z.string(),
  problems: z
    .array(z.object({ metric_id: z.string(), period: z.string(), period_start: z.string().nullable(), reason: z.string() }))
    .optional(),
  total: z.number().optional(),
});

/** A CSV import's figures, all or none (POST /functions/v1/metrics/import); the charts refresh after it. */
export function useImportFigures() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (series: ImportSeries[]): Promise<ImportCounts> => {
      const { data, error } = await supabase().functions.invoke('metrics/import', { body: { series } });
      if (!error) return data as ImportCounts;
      const res = (error as { context?: Response }).context;
      const body = refusalSchema.safeParse(await res?.json().catch(() => null));
      if (!body.success) throw new ImportRefused('failed', [], 0);
      const problems = (body.data.problems ?? []) as ImportProblem[];
      throw new ImportRefused(body.data.code, problems, body.data.total ?? problems.length);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: metricsKeys.all }),
  });
}
