import { hostname } from 'node:os';
import type { PlanId } from '@app/shared';
import {
  CONNECTION_STEP_ATTEMPTS,
  connectionRunLimit,
  connectionStepsSchema,
  withCoachText,
  type ConnectionRunKind,
} from '@app/shared/connections';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { ensureQueue, POLL_SECONDS, wakeWorker, workQueue, type JobQueue } from '../jobs/queue.js';
import { connectionRunRefusals, connectionRunsAccepted } from '../metrics.js';
import { renderConnectionFailedMail } from './mail.js';
import { runStep, type StepOutcome } from './steps.js';

/** The pg-boss queue of connection runs: one job per attempt of a run (docs/decisions/0180). */
export const CONNECTION_RUNS_JOB = 'connection-runs';

export interface RunJob {
  runId: string;
  /** The run's job_seq when this job was queued; a job that no longer matches is stale and does nothing. */
  seq: number;
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>;

/** pg-boss on the caller's transaction: the job is queued only if the transaction commits. */
const onTx = (tx: Queryable) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const r = await tx.query(text, values ?? []);
    return { rows: r.rows, rowCount: r.rowCount };
  },
});

/**
 * How long a job may be worked before it is taken to have crashed with its server (then pg-boss retries it): the
 * configured time, and never less than the longest the steps can take (a coach step: the AI provider's timeout).
 */
const expireSeconds = (config: Ctx['config'], steps: unknown[]) =>
  Math.max(
    config.CONNECTIONS_RUN_EXPIRE_SECONDS,
    Math.max(
      config.CONNECTIONS_TIMEOUT_SECONDS + 5,
      steps.reduce<number>(
        (sum, step) => sum + (isCoachStep(step) ? config.AI_TIMEOUT_SECONDS : config.CONNECTIONS_TIMEOUT_SECONDS) + 5,
        0,
      ),
    ) + 10,
  );
const isCoachStep = (step: unknown) => (step as { type?: unknown } | null)?.type === 'coach';

const jobOptions = (config: Ctx['config'], steps: unknown[]) => ({
  expireInSeconds: expireSeconds(config, steps),
  // a crashed worker or a database hiccup: worked again (a step in flight may be repeated: same webhook-id)
  retryLimit: 12,
  retryDelay: 1,
  retryBackoff: true,
});

/** The wait before attempt `next` (2…): the base doubled each time, half of it random ("equal jitter"). */
export function retryDelayMs(baseMs: number, next: number, random = Math.random): number {
  const full = baseMs * 2 ** Math.max(0, next - 2);
  return Math.round(full / 2 + (random() * full) / 2);
}

const monthOf = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

/** The owner's live plan (as public.current_plan_id() says for a signed-in caller), or null. */
async function ownerPlan(db: Queryable, userId: string): Promise<PlanId | null> {
  const { rows } = await db.query<{ plan_id: PlanId }>(
    `select s.plan_id from public.subscriptions s
      where s.user_id = $1 and (s.status in ('active', 'past_due') or (s.status = 'trialing' and s.trial_ends_at > now()))`,
    [userId],
  );
  return rows[0]?.plan_id ?? null;
}

export type CreateRunResult =
  { ok: true; runId: string } | { ok: false; reason: 'limit'; limit: number } | { ok: false; reason: 'claimed' };

/**
 * Records a run and queues its job on `tx` (the caller's transaction: both or neither). Trigger runs and re-runs
 * count towards the owner's monthly runs: the month's counter row is taken under its lock and refused at the plan's
 * limit, so parallel triggers never overshoot; a refusal is counted in the same row for operators. Test runs do not
 * count (they are rate-limited instead). `depth`: how many connections' runs led to this one (event triggers).
 */
export async function enqueueRun(
  tx: Queryable,
  config: Ctx['config'],
  queue: JobQueue,
  conn: { id: string; userId: string; steps: unknown[] },
  payload: unknown,
  kind: ConnectionRunKind,
  opts: { rerunOf?: string | null; depth?: number } = {},
): Promise<Exclude<CreateRunResult, { reason: 'claimed' }>> {
  const month = monthOf(new Date());
  if (kind !== 'test') {
    const limit = connectionRunLimit(await ownerPlan(tx, conn.userId));
    const counted = await tx.query(
      `insert into internal.connection_run_usage as u (user_id, month, runs) values ($1, $2, 1)
       on conflict (user_id, month) do update set runs = u.runs + 1 where $3::integer is null or u.runs < $3::integer
       returning runs`,
      [conn.userId, month, limit],
    );
    if (!counted.rowCount || (limit !== null && limit <= 0)) {
      await tx.query(
        `insert into internal.connection_run_usage as u (user_id, month, refused) values ($1, $2, 1)
         on conflict (user_id, month) do update set refused = u.refused + 1`,
        [conn.userId, month],
      );
      return { ok: false, reason: 'limit', limit: limit ?? 0 };
    }
  }
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.connection_runs (connection_id, user_id, kind, rerun_of, payload, event_depth)
     values ($1, $2, $3, $4, $5::jsonb, $6) returning id`,
    [conn.id, conn.userId, kind, opts.rerunOf ?? null, JSON.stringify(payload ?? {}), opts.depth ?? 0],
  );
  const runId = rows[0]!.id;
  const job: RunJob = { runId, seq: 1 };
  const id = await queue.send(CONNECTION_RUNS_JOB, job, { ...jobOptions(config, conn.steps), db: onTx(tx) });
  if (!id) throw new Error('the job queue refused the run');
  return { ok: true, runId };
}

/** After the transaction that made it committed: the counters, and this instance's worker woken for the run. */
export function runEnqueued(queue: JobQueue, result: CreateRunResult, kind: ConnectionRunKind): void {
  if (result.ok) {
    connectionRunsAccepted.inc({ kind });
    wakeWorker(queue, CONNECTION_RUNS_JOB);
  } else if (result.reason === 'limit') {
    connectionRunRefusals.inc();
  }
}

/** One run in its own transaction (see enqueueRun), after `claim` (a schedule's slot) if given. */
export async function createRun(
  ctx: Ctx,
  queue: JobQueue,
  conn: { id: string; userId: string; steps: unknown[] },
  payload: unknown,
  kind: ConnectionRunKind,
  rerunOf: string | null = null,
  /** Taken first in the run's transaction (a schedule's slot): false = someone else has it, no run. */
  claim?: (tx: Queryable) => Promise<boolean>,
): Promise<CreateRunResult> {
  const result = await ctx.db.transaction(async (tx): Promise<CreateRunResult> => {
    if (claim && !(await claim(tx))) return { ok: false, reason: 'claimed' };
    return enqueueRun(tx, ctx.config, queue, conn, payload, kind, { rerunOf });
  });
  runEnqueued(queue, result, kind);
  return result;
}

interface RunRow {
  id: string;
  status: string;
  step_index: number;
  attempt: number;
  job_seq: number;
  payload: unknown;
  created_at: Date | string;
  user_id: string;
  connection_id: string;
  event_depth: number;
  name: string;
  steps: unknown;
  signing_secret: string | null;
  email: string | null;
}

const WORKER = `${hostname()}:${process.pid}`;

async function recordStep(
  tx: Queryable,
  run: RunRow,
  index: number,
  attempt: number,
  type: string,
  o: StepOutcome,
  status: string,
  ms: number,
) {
  await tx.query(
    `insert into public.connection_run_steps (run_id, user_id, step_index, attempt, type, status, request, response, error, duration_ms, started_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::integer, now() - $10::integer * interval '1 millisecond')
     on conflict (run_id, step_index, attempt) do update set status = excluded.status, request = excluded.request,
       response = excluded.response, error = excluded.error, duration_ms = excluded.duration_ms, finished_at = now()`,
    [
      run.id,
      run.user_id,
      index,
      attempt,
      type,
      status,
      JSON.stringify(o.request ?? null),
      JSON.stringify(o.response ?? null),
      o.error ?? null,
      ms,
    ],
  );
}

/**
 * Works one job of a run: from the step it is on, each step in turn. A step that succeeds moves the run on (in one
 * transaction with its record), so a crash never repeats a finished step. A retryable failure records the attempt and
 * queues the next one after the backoff, in one transaction; a 4xx, a refused address or the last attempt fails the run.
 */
export async function workRun(ctx: Ctx, queue: JobQueue, job: RunJob): Promise<void> {
  const { rows } = await ctx.db.query<RunRow>(
    `select r.id, r.status, r.step_index, r.attempt, r.job_seq, r.payload, r.created_at, r.user_id, r.connection_id,
            r.event_depth, c.name, c.steps, s.signing_secret, u.email
       from public.connection_runs r
       join public.connections c on c.id = r.connection_id
       join auth.users u on u.id = r.user_id
       left join internal.connection_secrets s on s.connection_id = r.connection_id
      where r.id = $1`,
    [job.runId],
  );
  const run = rows[0];
  if (!run || run.status === 'succeeded' || run.status === 'failed' || run.job_seq !== job.seq) return;
  await ctx.db.query(
    `update public.connection_runs set status = 'running', started_at = coalesce(started_at, now()), worked_by = $2 where id = $1`,
    [run.id, WORKER],
  );
  const parsed = connectionStepsSchema.safeParse(run.steps);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length
      ? `step ${Number(issue.path[0]) + 1}${issue.path.length > 1 ? ` (${issue.path.slice(1).join('.')})` : ''}: `
      : '';
    await failRun(ctx, run, `The connection's steps are not valid: ${where}${issue?.message ?? 'invalid'}`);
    return;
  }
  const steps = parsed.data;
  // a coach step's answer, for the templates of the steps after it (stored with its step: a resumed run finds it)
  let coachText = run.step_index > 0 ? await latestCoachText(ctx.db, run.id, run.step_index) : null;
  for (let i = run.step_index; i < steps.length; i++) {
    const step = steps[i]!;
    const attempt = i === run.step_index ? run.attempt : 1;
    const started = performance.now();
    const outcome = await runStep(ctx, step, {
      runId: run.id,
      runCreatedAt: new Date(run.created_at),
      connectionId: run.connection_id,
      connectionName: run.name,
      ownerId: run.user_id,
      ownerEmail: run.email,
      signingSecret: run.signing_secret,
      payload: run.payload,
      data: coachText === null ? run.payload : withCoachText(run.payload, coachText),
      stepIndex: i,
      eventDepth: run.event_depth,
    }).catch((err: unknown): StepOutcome => {
      ctx.log.error({ err, runId: run.id, step: i }, 'connection step crashed');
      return { status: 'retry', error: 'The step could not be run just now' };
    });
    const ms = Math.round(performance.now() - started);
    if (outcome.status === 'succeeded') {
      await ctx.db.transaction(async (tx) => {
        // what the step still has to settle (a coach step's charge) commits with its record, or neither does
        await outcome.commit?.(tx);
        await recordStep(tx, run, i, attempt, step.type, outcome, 'succeeded', ms);
        await tx.query('update public.connection_runs set step_index = $2, attempt = 1, error = null where id = $1', [run.id, i + 1]);
      });
      if (outcome.coachText !== undefined) coachText = outcome.coachText;
      continue;
    }
    if (outcome.status === 'retry' && attempt < CONNECTION_STEP_ATTEMPTS) {
      const delay = retryDelayMs(ctx.config.CONNECTIONS_RETRY_BASE_MS, attempt + 1);
      const at = new Date(Date.now() + delay);
      await ctx.db.transaction(async (tx) => {
        await recordStep(tx, run, i, attempt, step.type, outcome, 'retrying', ms);
        await tx.query(
          `update public.connection_runs set status = 'retrying', step_index = $2, attempt = $3, job_seq = $4, next_attempt_at = $5, error = $6 where id = $1`,
          [run.id, i, attempt + 1, run.job_seq + 1, at, outcome.error ?? null],
        );
        const next: RunJob = { runId: run.id, seq: run.job_seq + 1 };
        await queue.send(CONNECTION_RUNS_JOB, next, { ...jobOptions(ctx.config, steps.slice(i)), startAfter: at, db: onTx(tx) });
      });
      return;
    }
    await ctx.db.transaction((tx) => recordStep(tx, run, i, attempt, step.type, outcome, 'failed', ms));
    const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
    await failRun(ctx, run, `Step ${i + 1} (${step.type}) failed${tries}: ${outcome.error ?? 'unknown error'}`);
    return;
  }
  await ctx.db.query(
    `update public.connection_runs set status = 'succeeded', finished_at = now(), next_attempt_at = null, error = null where id = $1`,
    [run.id],
  );
}

/** The answer of the run's last succeeded coach step before step `before`, or null. */
async function latestCoachText(db: Queryable, runId: string, before: number): Promise<string | null> {
  const { rows } = await db.query<{ text: string | null }>(
    `select response ->> 'text' as text from public.connection_run_steps
      where run_id = $1 and type = 'coach' and status = 'succeeded' and step_index < $2
      order by step_index desc limit 1`,
    [runId, before],
  );
  return rows[0]?.text ?? null;
}

/** Marks the run failed and tells the owner, at most once a day per connection. */
async function failRun(ctx: Ctx, run: RunRow, error: string) {
  await ctx.db.query(
    `update public.connection_runs set status = 'failed', error = $2, finished_at = now(), next_attempt_at = null where id = $1`,
    [run.id, error.slice(0, 2000)],
  );
  if (!run.email) return;
  const day = new Date().toISOString().slice(0, 10);
  const claimed = await ctx.db.query(
    'insert into internal.connection_failure_mails (connection_id, day) values ($1, $2) on conflict do nothing',
    [run.connection_id, day],
  );
  if (!claimed.rowCount) return;
  const mail = renderConnectionFailedMail({ brand: ctx.config.BRAND_NAME, siteUrl: ctx.config.SITE_URL, connection: run.name, error });
  await ctx.mailer
    .send({ to: run.email, ...mail })
    .catch((err: unknown) => ctx.log.warn({ err, runId: run.id }, 'connection failure mail not sent'));
}

/** Runs worked at once per instance (one batch of the queue's fetch). */
const BATCH = 8;
/**
 * Creates the queue and works it here, up to BATCH runs at a time; instances share the queue (SKIP LOCKED). A run
 * that throws (the database went away) is failed alone, so pg-boss retries it after a pause; the others complete.
 */
export async function startConnectionWorker(queue: JobQueue, ctx: Ctx): Promise<void> {
  await ensureQueue(queue, CONNECTION_RUNS_JOB);
  const id = await workQueue<RunJob>(
    queue,
    CONNECTION_RUNS_JOB,
    { batchSize: BATCH, pollingIntervalSeconds: POLL_SECONDS.woken },
    async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          workRun(ctx, queue, job.data).catch(async (err: unknown) => {
            ctx.log.error({ err, runId: job.data.runId }, 'connection run interrupted; it will be retried');
            await queue.fail(CONNECTION_RUNS_JOB, job.id, { message: (err as Error).message }).catch(() => {});
          }),
        ),
      );
      // a full batch: there may be more waiting, so fetch again at once
      if (jobs.length === BATCH) queue.notifyWorker(id);
    },
  );
}
