import { WEEKLY_REVIEW_SKIP_TEXT, weeklyMetricLine, type WeeklyReviewContent, type WeeklyReviewTask } from '@app/shared';
import { layout, type Rendered } from './layout.js';

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const taskLine = (t: WeeklyReviewTask) => `${t.title} (due ${day(t.due)})`;

/**
 * The Monday e-mail of issue 42: what moved, the plan's tasks due this week or late, the coach's three suggestions
 * (or why there are none), and a one-click unsubscribe link (also in the List-Unsubscribe headers the caller sets).
 */
export function renderWeeklyReviewMail(i: {
  brand: string;
  siteUrl: string;
  content: WeeklyReviewContent;
  unsubscribeUrl: string;
}): Rendered {
  const site = i.siteUrl.replace(/\/$/, '');
  const c = i.content;
  const sections: { heading: string; items: string[]; note?: string }[] = [
    {
      heading: 'What moved',
      items: c.metrics.map((m) => weeklyMetricLine(m, c.currency)),
      note: c.metrics.length ? undefined : 'No figures recorded yet. Record your numbers on the Dashboard view to see what moved.',
    },
  ];
  if (c.plan) {
    sections.push(
      {
        heading: 'Due this week',
        items: c.plan.dueThisWeek.map(taskLine),
        note: c.plan.dueThisWeek.length ? undefined : 'Nothing due this week.',
      },
      { heading: 'Late', items: c.plan.late.map(taskLine), note: c.plan.late.length ? undefined : 'Nothing late. Well done.' },
    );
  } else {
    sections.push({ heading: 'Your 90-day plan', items: [], note: 'No plan yet. Ask the coach to write one with you.' });
  }
  sections.push({
    heading: 'Suggestions from your coach',
    items: c.suggestions,
    note: c.skipped ? WEEKLY_REVIEW_SKIP_TEXT[c.skipped] : undefined,
  });
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `Your weekly review for the week of ${day(c.weekStart)}`,
    heading: 'Your weekly review',
    paragraphs: [`The week of ${day(c.weekStart)}: your numbers, your plan and what to do next.`],
    sections,
    action: { label: 'Open your Dashboard', url: `${site}/dashboard` },
    footnote: `You get this every Monday because weekly reviews are on. Turn them off on your profile (${site}/user) or with the link below.`,
    footLink: { label: 'Unsubscribe from weekly reviews', url: i.unsubscribeUrl },
  });
}
