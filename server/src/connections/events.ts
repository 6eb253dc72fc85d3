import type { AppContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import type { JobQueue } from '../jobs/queue.js';
import { enqueueRun, runEnqueued, type CreateRunResult } from './runs.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;

/** Events one tick turns into runs at most (the next tick, maybe on another instance, takes the rest). */
const EVENTS_PER_TICK = 500;
/** A failed event is tried again after 2, 4, 8… seconds, at most this long. */
const MAX_BACKOFF_SECONDS = 3600;

interface EventRow {
  id: string;
  user_id: string;
  event: string;
  payload: unknown;
  depth: number;
  source_connection_id: string | null;
}

export interface EventOutcome {
  eventId: string;
  runs: number;
  refused: number;
}

/**
 * Takes the oldest due event (SKIP LOCKED: instances share them) and, in that one transaction, starts a run of each
 * of the owner's switched-on connections with that event trigger (not the connection whose step caused it) and
 * removes the event. A crash or an error rolls all of it back: the event is taken again, never lost and never turned
 * into runs twice. Each run counts towards the owner's monthly runs; one refused at the limit is counted, not queued.
 * Returns null when no event is due.
 */
async function takeOne(ctx: Ctx, queue: JobQueue): Promise<EventOutcome | null> {
  const results: CreateRunResult[] = [];
  const outcome = await ctx.db.transaction(async (tx: Queryable): Promise<EventOutcome | null> => {
    const { rows } = await tx.query<EventRow>(
      `select id::text, user_id, event, payload, depth, source_connection_id from internal.connection_events
        where next_attempt_at <= now() order by next_attempt_at, id limit 1 for update skip locked`,
    );
    const ev = rows[0];
    if (!ev) return null;
    try {
      const conns = await tx.query<{ id: string; steps: unknown[] }>(
        `select id, steps from public.connections
          where user_id = $1 and enabled and trigger ->> 'type' = 'event' and trigger ->> 'event' = $2
            and id is distinct from $3::uuid
          order by created_at, id`,
        [ev.user_id, ev.event, ev.source_connection_id],
      );
      for (const c of conns.rows) {
        results.push(
          await enqueueRun(tx, ctx.config, queue, { id: c.id, userId: ev.user_id, steps: c.steps }, ev.payload, 'trigger', {
            depth: ev.depth,
          }),
        );
      }
      await tx.query('delete from internal.connection_events where id = $1', [ev.id]);
    } catch (err) {
      // undone with the transaction; the event is put off (not dropped) so it cannot hold up the ones behind it
      results.length = 0;
      throw new EventFailed(ev.id, err);
    }
    return { eventId: ev.id, runs: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length };
  });
  for (const r of results) runEnqueued(queue, r, 'trigger');
  return outcome;
}

class EventFailed extends Error {
  constructor(
    readonly eventId: string,
    cause: unknown,
  ) {
    super('connection event not turned into runs', { cause });
  }
}

/**
 * Turns every due event into runs, one transaction per event; returns what each became. An event that fails (the
 * database refused something) is put off with a growing wait and the others go on; a database that is away ends the
 * tick (the next one tries again).
 */
export async function drainConnectionEvents(ctx: Ctx, queue: JobQueue, max = EVENTS_PER_TICK): Promise<EventOutcome[]> {
  const done: EventOutcome[] = [];
  // the usual tick finds nothing: one indexed read, no transaction
  const due = await ctx.db.query('select 1 from internal.connection_events where next_attempt_at <= now() limit 1');
  if (!due.rowCount) return done;
  while (done.length < max) {
    let outcome: EventOutcome | null;
    try {
      outcome = await takeOne(ctx, queue);
    } catch (err) {
      if (!(err instanceof EventFailed)) throw err;
      ctx.log.error({ err: err.cause, eventId: err.eventId }, 'connection event not turned into runs; it will be tried again');
      await ctx.db.query(
        `update internal.connection_events
            set attempts = attempts + 1, error = $2,
                next_attempt_at = now() + make_interval(secs => least($3::double precision, power(2, attempts + 1)))
          where id = $1`,
        [err.eventId, String((err.cause as Error)?.message ?? err.cause).slice(0, 500), MAX_BACKOFF_SECONDS],
      );
      continue;
    }
    if (!outcome) break;
    done.push(outcome);
  }
  return done;
}

/**
 * Looks for new events every CONNECTIONS_EVENT_POLL_MS on this instance (each tick drains what is due). Returns the
 * stop function: no new tick, and the one under way finishes (before the job queue stops).
 */
export function startConnectionEvents(queue: JobQueue, ctx: Ctx): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= drainConnectionEvents(ctx, queue)
      .then(() => undefined)
      .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'connection events not drained'))
      .finally(() => (running = undefined));
  }, ctx.config.CONNECTIONS_EVENT_POLL_MS);
  timer.unref(); // never what keeps the process alive
  return async () => {
    clearInterval(timer);
    await running;
  };
}
