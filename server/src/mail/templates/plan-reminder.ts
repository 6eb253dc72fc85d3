import { layout, type Rendered } from './layout.js';

/** The day-before reminder of plan tasks (issue 39): what is due tomorrow, a link to the plan, how to turn it off. */
export function renderPlanReminderMail(i: { brand: string; siteUrl: string; plan: string; titles: string[] }): Rendered {
  const site = i.siteUrl.replace(/\/$/, '');
  const n = i.titles.length;
  return layout({
    brand: i.brand,
    siteUrl: i.siteUrl,
    subject: `${n} task${n === 1 ? '' : 's'} due tomorrow in your 90-day plan`,
    heading: `Due tomorrow in "${i.plan}"`,
    paragraphs: i.titles.map((t) => `• ${t}`),
    action: { label: 'Open your plan', url: `${site}/dashboard` },
    footnote: `You get this because reminders are on for your plan. Turn them off on your profile: ${site}/user`,
  });
}
