import PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';

/** The server's durable job queue: pg-boss on our own database, whichever driver (docs/decisions/0175). */
export type JobQueue = PgBoss;

// More than one statement and no parameters (pg-boss's own schema plans): run as a script, which answers no rows.
const isScript = (text: string, values?: unknown[]) => !values?.length && /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));

/**
 * Starts pg-boss over the server's database connection (PGlite in its worker thread or the PostgreSQL pool): jobs
 * are rows, taken with SKIP LOCKED, so several instances share them and a crash loses none. Its schema comes with
 * our migrations (0750), so starting installs nothing. Stopped (drained) at shutdown before the database closes.
 */
export async function startJobQueue(
  ctx: Pick<AppContext, 'db' | 'log'> & { config?: Pick<AppContext['config'], 'JOB_QUEUE_MAINTENANCE_SECONDS'> },
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (isScript(text, values)) {
          await ctx.db.exec(text);
          return { rows: [], rowCount: 0 };
        }
        const r = await ctx.db.query(text, values ?? []);
        return { rows: r.rows, rowCount: r.rowCount };
      },
    },
    schema: 'pgboss',
    migrate: false,
    // upkeep: among other things, a job whose worker died (kill -9) is failed by its timeout and retried
    maintenanceIntervalSeconds: ctx.config?.JOB_QUEUE_MAINTENANCE_SECONDS ?? 120,
  });
  boss.on('error', (err) => ctx.log.error({ err: { name: err.name, message: err.message } }, 'job queue error'));
  await boss.start();
  return boss;
}

// Concurrent start-ups creating one queue collide (pg-boss 10's create_queue is not locked): deadlock, duplicate.
const CREATE_RACES = new Set(['40P01', '23505', '42P07']);

/** Creates queue `name` unless it exists; two instances starting at once both end up with the one queue. */
export async function ensureQueue(queue: JobQueue, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await queue.getQueue(name)) return;
    try {
      await queue.createQueue(name);
      return;
    } catch (err) {
      if (attempt >= 5 || !CREATE_RACES.has(String((err as { code?: unknown }).code))) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}

/**
 * How often a worker asks the database for work it was not woken for. Every ask is a query (a write on PGlite's one
 * thread): at pg-boss's default of 2 s, five idle queues cost an idle embedded server about 4 % of a core.
 * - A scheduled queue is fed by pg-boss's clock, which looks every 30 s and hands the job over within 5 s: its
 *   worker looking every 15 s starts a job within ~50 s of its minute (2 s: ~37 s).
 * - A queue this process fills itself wakes its own worker (wakeWorker); the poll only finds what other instances
 *   queued and retries that come due later.
 */
export const POLL_SECONDS = { scheduled: 15, woken: 5 } as const;

// This process's worker of each queue (pg-boss's id), to wake when a job is queued here.
const workerIds = new WeakMap<JobQueue, Map<string, string>>();

/** Works queue `name` here (after ensureQueue), remembering the worker so that wakeWorker can reach it. */
export async function workQueue<T>(
  queue: JobQueue,
  name: string,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<string> {
  const id = await queue.work<T>(name, options, handler);
  const ids = workerIds.get(queue) ?? new Map<string, string>();
  workerIds.set(queue, ids.set(name, id));
  return id;
}

/** Fetches now rather than at the next poll: a job was just queued on `name` by this process. */
export function wakeWorker(queue: JobQueue, name: string): void {
  const id = workerIds.get(queue)?.get(name);
  if (id) queue.notifyWorker(id);
}

/**
 * A job on pg-boss's clock (`cron` in time zone `tz`, each tick once across instances), worked here. The queue is
 * polled every POLL_SECONDS.scheduled: what the clock queues is all it gets.
 */
export async function scheduleJob(
  queue: JobQueue,
  name: string,
  cron: string,
  options: PgBoss.ScheduleOptions,
  handler: () => Promise<unknown>,
): Promise<void> {
  await ensureQueue(queue, name);
  await queue.schedule(name, cron, {}, options);
  await workQueue(queue, name, { pollingIntervalSeconds: POLL_SECONDS.scheduled }, async () => {
    await handler();
  });
}
