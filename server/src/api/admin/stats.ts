import { SCROLL_MARKS, type AnalyticsSummary, type WaitlistMailCounts } from '@app/shared/admin';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { WeeklyReviewCounts } from '@app/shared';
import type { ConnectionRunCounts } from '@app/shared/connections';
import { connectionRunCounts } from '../../connections/usage.js';
import { weeklyReviewCounts } from '../../review/weekly-review.js';
import { waitlistMailCounts } from '../waitlist-confirmations.js';
import { bindTo, type AdminDeps } from './deps.js';
import { adminError } from './guard.js';

const period = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
/** The period of a chart, in days (?days=, 30 by default). */
function days(q: Record<string, string>) {
  const p = period.safeParse(q);
  if (!p.success) throw adminError('validation_failed', 'days: a whole number from 1 to 365');
  return p.data.days;
}
// Issue 42: the weekly reviews of the last weeks (sent, sent without suggestions, failed), newest week first.
const reviewWeeks = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(8) });
// Issue 40: connection runs accepted and refused at the plans' monthly limits, per month, newest first.
const runMonths = z.object({ months: z.coerce.number().int().min(1).max(24).default(6) });

/**
 * Aggregates the console's charts need over a chosen period, computed in the database (the latest-1000 view
 * of the specification is public.analytics_stats; these cover every event of the period).
 */
export function registerStats(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.get('/analytics/summary', h(analyticsSummary));
  app.get('/security/failed-sign-ins', h(failedSignIns));
  app.get('/weekly-reviews', h(weeklyReviews));
  app.get('/connection-runs', h(connectionRuns));
  app.get('/waitlist/mail', h(waitlistMail));
}

/** GET /analytics/summary */
async function analyticsSummary(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const d = days(c.req.query());
  const { rows } = await ctx.db.query<Omit<AnalyticsSummary, 'days' | 'engaged_rate'>>(
    `with e as (
       select event_type, event_data, session_id, created_at from public.analytics_events
       where created_at >= now() - make_interval(days => $1::int))
     select
       coalesce((select jsonb_agg(jsonb_build_object('event_type', event_type, 'count', n) order by n desc, event_type)
                 from (select event_type, count(*)::int n from e group by event_type) t), '[]'::jsonb) as totals,
       coalesce((select jsonb_agg(jsonb_build_object('path', path, 'count', n) order by n desc, path)
                 from (select left(coalesce(event_data ->> 'page_path', '(unknown)'), 200) as path, count(*)::int n
                       from e where event_type = 'page_view' group by 1 order by n desc, 1 limit 20) t), '[]'::jsonb) as page_views,
       (select jsonb_agg(jsonb_build_object('depth', m.depth, 'sessions',
                 (select count(distinct session_id)::int from e where event_type = 'scroll_depth' and event_data ->> 'depth' = m.depth::text))
                 order by m.depth) from unnest($2::int[]) as m(depth)) as scroll_funnel,
       (select count(distinct session_id)::int from e where event_type = 'page_view') as sessions,
       (select count(distinct session_id)::int from e where event_type = 'engaged_user') as engaged_sessions,
       coalesce((select jsonb_agg(jsonb_build_object('day', day, 'page_views', pv, 'sessions', s) order by day)
                 from (select to_char(g.day, 'YYYY-MM-DD') as day,
                              (select count(*)::int from e where event_type = 'page_view' and created_at >= g.day and created_at < g.day + interval '1 day') as pv,
                              (select count(distinct session_id)::int from e where created_at >= g.day and created_at < g.day + interval '1 day') as s
                       from generate_series(date_trunc('day', now()) - make_interval(days => $1::int - 1), date_trunc('day', now()), interval '1 day') as g(day)) t), '[]'::jsonb) as daily`,
    [d, SCROLL_MARKS],
  );
  const r = rows[0]!;
  const summary: AnalyticsSummary = { days: d, ...r, engaged_rate: r.sessions ? Math.min(1, r.engaged_sessions / r.sessions) : 0 };
  return c.json(summary);
}

/** GET /security/failed-sign-ins */
async function failedSignIns(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const d = days(c.req.query());
  const { rows } = await ctx.db.query<{ day: string; count: number }>(
    `select to_char(g.day, 'YYYY-MM-DD') as day,
            (select count(*)::int from public.security_audit_log a
              where a.source = 'server' and a.event_type = 'auth.sign_in_failed' and a.created_at >= g.day and a.created_at < g.day + interval '1 day') as count
     from generate_series(date_trunc('day', now()) - make_interval(days => $1::int - 1), date_trunc('day', now()), interval '1 day') as g(day)
     order by g.day`,
    [d],
  );
  return c.json({ days: d, series: rows });
}

/** GET /weekly-reviews */
async function weeklyReviews(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const p = reviewWeeks.safeParse(c.req.query());
  if (!p.success) throw adminError('validation_failed', 'weeks: a whole number from 1 to 52');
  return c.json((await weeklyReviewCounts(ctx, p.data.weeks)) satisfies WeeklyReviewCounts);
}

/** GET /connection-runs */
async function connectionRuns(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const p = runMonths.safeParse(c.req.query());
  if (!p.success) throw adminError('validation_failed', 'months: a whole number from 1 to 24');
  return c.json((await connectionRunCounts(ctx, p.data.months)) satisfies ConnectionRunCounts);
}

/** GET /waitlist/mail */
async function waitlistMail(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  return c.json((await waitlistMailCounts(ctx)) satisfies WaitlistMailCounts);
}
