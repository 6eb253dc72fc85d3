import { METRIC_UNITS } from './metrics.js';
import type { KeyMetricId } from './onboarding.js';
import { CURRENCY_SYMBOL, type Currency } from './plans.js';

/**
 * Issue 42 "Weekly review": what the server stores in public.weekly_reviews.content (migration 0770) and the
 * Dashboard view's card reads. docs/decisions/0770-weekly-review.md.
 */

/** Where no profile time zone is set. */
export const WEEKLY_REVIEW_DEFAULT_TIME_ZONE = 'Europe/London';
/** How many suggestions the coach is asked for. */
export const WEEKLY_REVIEW_SUGGESTIONS = 3;

/** Why a review went out without the coach's suggestions (status 'skipped'). */
export type WeeklyReviewSkipReason = 'out_of_credits' | 'coach_not_configured' | 'ai_disabled' | 'no_plan' | 'coach_error';
export const WEEKLY_REVIEW_SKIP_REASONS: readonly WeeklyReviewSkipReason[] = [
  'out_of_credits',
  'coach_not_configured',
  'ai_disabled',
  'no_plan',
  'coach_error',
];

/** The customer's words for each reason (the e-mail and the Dashboard card say the same). */
export const WEEKLY_REVIEW_SKIP_TEXT: Record<WeeklyReviewSkipReason, string> = {
  out_of_credits:
    'No suggestions from the coach this week: your account is out of credits. Add credits on Your Plan to get them next week.',
  coach_not_configured: 'No suggestions from the coach this week: the AI coach is not available on this service yet.',
  ai_disabled: 'No suggestions from the coach this week: AI features are turned off in The Brain.',
  no_plan: 'No suggestions from the coach this week: your account has no active plan. Choose one on Your Plan.',
  coach_error: 'No suggestions from the coach this week: the AI provider did not answer. Nothing was charged.',
};

/** One tracked metric's latest figure against the period before. */
export interface WeeklyReviewMetric {
  metric: KeyMetricId;
  period: 'week' | 'month';
  periodStart: string;
  value: number;
  previous: number | null;
  /** Whole percent of change against the previous figure; null without one, or when it was zero. */
  changePct: number | null;
  direction: 'up' | 'down' | 'same' | null;
}

export interface WeeklyReviewTask {
  title: string;
  /** The task's own date, else its phase's last day. */
  due: string;
}

export interface WeeklyReviewContent {
  /** The Monday the week starts, in the customer's time zone. */
  weekStart: string;
  timeZone: string;
  currency: Currency;
  metrics: WeeklyReviewMetric[];
  plan: { title: string; dueThisWeek: WeeklyReviewTask[]; late: WeeklyReviewTask[] } | null;
  /** Three, or none when skipped (`skipped` says why). */
  suggestions: string[];
  skipped: WeeklyReviewSkipReason | null;
  /** Credits charged for the suggestions, at most (the charge stops at the balance; 0: included in the plan, or none made). */
  credits: number;
}

/** GET /api/admin/weekly-reviews: the last weeks' counts, newest week first. */
export interface WeeklyReviewCounts {
  weeks: { weekStart: string; sent: number; skipped: number; failed: number }[];
}

const LABELS: Record<KeyMetricId, string> = {
  revenue: 'Revenue',
  customers: 'Customers',
  leads: 'Leads',
  conversion: 'Conversion rate',
  retention: 'Retention',
  costs: 'Costs',
  traffic: 'Website traffic',
  social: 'Social media',
  profit: 'Profit',
  cashflow: 'Cash flow',
};

/** "£11,240", "42", "3.5 %". */
export function weeklyReviewFigure(metric: KeyMetricId, value: number, currency: Currency): string {
  const n = Math.abs(value).toLocaleString('en-GB', { maximumFractionDigits: 2 });
  const sign = value < 0 ? '-' : '';
  const unit = METRIC_UNITS[metric];
  if (unit === 'money') return `${sign}${CURRENCY_SYMBOL[currency]}${n}`;
  return unit === 'percent' ? `${sign}${n} %` : `${sign}${n}`;
}

const periodWords = (m: WeeklyReviewMetric) =>
  m.period === 'month'
    ? `in ${new Date(`${m.periodStart}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : `in the week of ${new Date(`${m.periodStart}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })}`;

/** One line of "What moved": "Revenue £1,200 in the week of 16 Nov, up 20 % on the week before (£1,000)". */
export function weeklyMetricLine(m: WeeklyReviewMetric, currency: Currency): string {
  let s = `${LABELS[m.metric]} ${weeklyReviewFigure(m.metric, m.value, currency)} ${periodWords(m)}`;
  if (m.previous === null || m.direction === null) return `${s}, the first figure recorded`;
  if (m.direction === 'same') s += ', unchanged';
  else s += `, ${m.direction}${m.changePct === null ? ' from zero' : ` ${m.changePct} %`}`;
  return `${s} on the ${m.period} before (${weeklyReviewFigure(m.metric, m.previous, currency)})`;
}

/** The change between two figures, as stored in WeeklyReviewMetric. */
export function metricChange(value: number, previous: number | null): Pick<WeeklyReviewMetric, 'changePct' | 'direction'> {
  if (previous === null) return { changePct: null, direction: null };
  const direction = value === previous ? 'same' : value > previous ? 'up' : 'down';
  const changePct = previous === 0 ? null : Math.round((100 * Math.abs(value - previous)) / Math.abs(previous));
  return { changePct, direction };
}
