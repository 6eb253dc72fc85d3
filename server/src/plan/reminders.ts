import type { AppContext } from '../context.js';
import { scheduleJob, type JobQueue } from '../jobs/queue.js';
import { renderPlanReminderMail } from '../mail/templates/plan-reminder.js';

export const PLAN_REMINDERS_JOB = 'plan-reminders';
/** Every morning at 8 in the UK: the tasks due tomorrow. */
const SCHEDULE = { cron: '0 8 * * *', tz: 'Europe/London' } as const;

const londonDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(d);
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Mails each customer whose active plan has open tasks due tomorrow (their own date, else their phase's last day),
 * unless they turned reminders off on /user. At most one a day: the day is claimed before the mail goes, and given
 * back if it fails (the job is retried). Returns how many were sent.
 */
export async function sendDueReminders(ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'log'>, now = new Date()): Promise<number> {
  const today = londonDay(now);
  const tomorrow = nextDay(today);
  const due = await ctx.db.query<{ user_id: string; email: string; plan: string; titles: string[] }>(
    `select t.user_id, u.email, min(p.title) as plan, array_agg(t.title order by t.phase, t.position) as titles
       from public.action_plan_tasks t
       join public.action_plans p on p.id = t.plan_id and p.archived_at is null
       left join public.action_plan_phases ph on ph.plan_id = t.plan_id and ph.phase = t.phase
       join auth.users u on u.id = t.user_id
       left join public.profiles pr on pr.id = t.user_id
      where t.status <> 'done' and u.email is not null and coalesce(pr.plan_reminders, true)
        and coalesce(t.due_date, p.starts_on + (coalesce(ph.end_day, t.phase * 30) - 1)) = $1::date
      group by t.user_id, u.email`,
    [tomorrow],
  );
  let sent = 0;
  for (const row of due.rows) {
    const claimed = await ctx.db.query('insert into internal.plan_reminders_sent (user_id, day) values ($1, $2) on conflict do nothing', [
      row.user_id,
      today,
    ]);
    if (!claimed.rowCount) continue;
    try {
      const mail = renderPlanReminderMail({
        brand: ctx.config.BRAND_NAME,
        siteUrl: ctx.config.SITE_URL,
        plan: row.plan,
        titles: row.titles,
      });
      await ctx.mailer.send({ to: row.email, ...mail });
      sent++;
    } catch (err) {
      await ctx.db.query('delete from internal.plan_reminders_sent where user_id = $1 and day = $2', [row.user_id, today]);
      throw err;
    }
  }
  if (sent) ctx.log.info({ sent, day: today }, 'plan reminders sent');
  return sent;
}

/** Schedules the daily reminder on the job queue (once per period across instances) and works it here. */
export async function schedulePlanReminders(queue: JobQueue, ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'log'>): Promise<void> {
  await scheduleJob(queue, PLAN_REMINDERS_JOB, SCHEDULE.cron, { tz: SCHEDULE.tz, retryLimit: 5, retryBackoff: true }, () =>
    sendDueReminders(ctx),
  );
}
