import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { KEY_METRIC_IDS, WEEKLY_REVIEW_SKIP_REASONS, type WeeklyReviewContent } from '@app/shared';
import { supabase } from '@/lib/supabase';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const task = z.object({ title: z.string().max(500), due: day });

/** public.weekly_reviews.content (migration 0770) as the server writes it; anything else is not shown. */
const Content = z.object({
  weekStart: day,
  timeZone: z.string().max(64),
  currency: z.enum(['GBP', 'USD']),
  metrics: z.array(
    z.object({
      metric: z.enum(KEY_METRIC_IDS as [string, ...string[]]),
      period: z.enum(['week', 'month']),
      periodStart: day,
      value: z.number().finite(),
      previous: z.number().finite().nullable(),
      changePct: z.number().finite().nullable(),
      direction: z.enum(['up', 'down', 'same']).nullable(),
    }),
  ),
  plan: z.object({ title: z.string(), dueThisWeek: z.array(task), late: z.array(task) }).nullable(),
  suggestions: z.array(z.string().max(1000)).max(5),
  skipped: z.enum(WEEKLY_REVIEW_SKIP_REASONS as [string, ...string[]]).nullable(),
  credits: z.number().int().min(0),
});

export const weeklyReviewKeys = { latest: (userId: string) => ['weekly-review', 'latest', userId] as const };

/** The customer's latest weekly review (RLS: their own, once it went out), or null before the first. */
export const latestWeeklyReviewQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: weeklyReviewKeys.latest(userId ?? ''),
    enabled: userId !== undefined,
    queryFn: async (): Promise<WeeklyReviewContent | null> => {
      const { data, error } = await supabase()
        .from('weekly_reviews')
        .select('content')
        .order('week_start', { ascending: false })
        .limit(1)
        .maybeSingle();
      if (error) throw new Error(error.message);
      if (!data?.content) return null;
      const parsed = Content.safeParse(data.content);
      if (!parsed.success) throw new Error('unexpected weekly review');
      return parsed.data as WeeklyReviewContent;
    },
  });
