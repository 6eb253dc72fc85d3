import { tool } from 'ai';
import { z } from 'zod';
import { KEY_METRIC_IDS, type KeyMetricId } from '@app/shared';
import type { Queryable } from '../db/types.js';
import { sizeCapped } from '../coach/tool-guards.js';

type AsUser = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * Issue 42 item 5: the coach reads any metric's series on demand. A read, so no approval; it runs in the caller's
 * transaction, so RLS decides what it sees. Spread into coachTools.
 */
export function metricsTools(as: AsUser) {
  return {
    readMetricSeries: tool({
      description: "Read one of the customer's metrics by period (latest first, up to 24 periods): revenue, customers, leads, …",
      inputSchema: z.object({
        metric: z.enum(KEY_METRIC_IDS as [KeyMetricId, ...KeyMetricId[]]),
        period: z.enum(['week', 'month']).default('month'),
      }),
      execute: sizeCapped(async ({ metric, period }: { metric: KeyMetricId; period?: 'week' | 'month' }) => {
        const r = await as((tx) =>
          tx.query<{ period_start: string; value: string }>(
            `select to_char(period_start, 'YYYY-MM-DD') as period_start, value::text as value from public.metric_values
             where user_id = auth.uid() and metric_id = $1 and period = $2 order by period_start desc limit 24`,
            [metric, period ?? 'month'],
          ),
        );
        return { metric, period: period ?? 'month', values: r.rows.map((x) => ({ periodStart: x.period_start, value: Number(x.value) })) };
      }),
    }),
  };
}
