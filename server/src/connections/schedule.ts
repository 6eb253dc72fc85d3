import { connectionTriggerSchema, type ConnectionTrigger } from '@app/shared/connections';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { scheduleJob, type JobQueue } from '../jobs/queue.js';
import { createRun } from './runs.js';

export const CONNECTION_SCHEDULES_JOB = 'connection-schedules';
/** A time missed by up to this long (a restart, a slow minute) still fires; older ones are skipped. */
const CATCH_UP_MINUTES = 15;

type Schedule = Extract<ConnectionTrigger, { type: 'schedule' }>;

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock date, minute of the day and ISO weekday of `at` in time zone `tz`. */
function localParts(at: Date, tz: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday!] ?? 0,
  };
}

/**
 * The scheduled time this schedule last came round at or before `now`, as its local "YYYY-MM-DD HH:MM", if that was
 * within the catch-up window; otherwise null (not due).
 */
export function dueSlot(s: Schedule, now: Date): string | null {
  const [h, m] = s.at.split(':').map(Number) as [number, number];
  const target = h * 60 + m;
  for (let back = 0; back <= CATCH_UP_MINUTES; back++) {
    const then = localParts(new Date(now.getTime() - back * 60_000), s.timezone);
    if (then.minute !== target) continue;
    if (s.every === 'week' && then.weekday !== (s.weekday ?? 1)) return null;
    return `${then.date} ${s.at}`;
  }
  return null;
}

/**
 * Starts a run of every switched-on scheduled connection whose time has come (in its own time zone). Each time fires
 * once, whichever instance and however often this runs: the slot is claimed first. Returns the runs started.
 */
export async function fireDueSchedules(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  queue: JobQueue,
  now = new Date(),
): Promise<number> {
  const { rows } = await ctx.db.query<{ id: string; user_id: string; trigger: unknown; steps: unknown[] }>(
    `select id, user_id, trigger, steps from public.connections where enabled and trigger ->> 'type' = 'schedule'`,
  );
  let started = 0;
  for (const c of rows) {
    const trigger = connectionTriggerSchema.safeParse(c.trigger);
    if (!trigger.success || trigger.data.type !== 'schedule') continue;
    const slot = dueSlot(trigger.data, now);
    if (!slot) continue;
    const payload = { scheduled_for: slot, timezone: trigger.data.timezone, every: trigger.data.every };
    // the slot is claimed in the run's own transaction: a crash leaves both or neither
    const claim = async (tx: Queryable) =>
      !!(
        await tx.query('insert into internal.connection_schedule_fires (connection_id, slot) values ($1, $2) on conflict do nothing', [
          c.id,
          slot,
        ])
      ).rowCount;
    const run = await createRun(ctx, queue, { id: c.id, userId: c.user_id, steps: c.steps }, payload, 'trigger', null, claim);
    if (run.ok) started++;
    else if (run.reason === 'limit') ctx.log.warn({ connectionId: c.id }, 'scheduled connection run refused: monthly limit');
  }
  return started;
}

/** Every minute, once across instances (pg-boss's schedule), look for scheduled connections that are due. */
export async function scheduleConnections(queue: JobQueue, ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>): Promise<void> {
  await scheduleJob(queue, CONNECTION_SCHEDULES_JOB, '* * * * *', { tz: 'UTC', retryLimit: 2, expireInSeconds: 120 }, () =>
    fireDueSchedules(ctx, queue),
  );
}
