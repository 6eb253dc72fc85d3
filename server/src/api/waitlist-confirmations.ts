import type { AppContext } from '../context.js';
import { scrub } from '../error-tracking.js';
import type { MailMessage } from '../mail/mailer.js';
import { renderWaitlistMail } from './waitlist-mail.js';

/** Mails claimed per statement; a drain claims batch after batch until the queue holds nothing due. */
const BATCH = 50;

/** Per server: the drain in flight, and the one queued behind it that every later caller shares. */
const drains = new WeakMap<AppContext, { running?: Promise<void>; next?: Promise<void> }>();

/**
 * Sends the confirmation of every join the database has queued (migration 0500), whichever entry point made it:
 * POST /api/waitlist calls this after its join, /rest/v1 after a write to ebook_subscribers or rpc/join_waitlist
 * (wired in app.ts), and a timer (startWaitlistMailer) for retries. Rows are claimed with SKIP LOCKED, so two servers
 * never send the same mail; a row is marked sent only once the SMTP server accepted it, and a refusal is retried
 * with backoff (migration 0650). The subscriber is in either way: a mail failure is never turned into a failed join.
 *
 * One drain at a time per server: a caller resolves once a drain that started after its call has emptied the
 * queue, so its own join's mail has been sent; callers arriving during a drain share the next one. Under load
 * (joins committed in groups, docs/decisions/0065) that is one claim and one outcome statement per group, not per join.
 */
export function sendWaitlistConfirmations(ctx: AppContext): Promise<void> {
  let state = drains.get(ctx);
  if (!state) drains.set(ctx, (state = {}));
  const s = state;
  if (!s.running) {
    s.running = drainQueue(ctx).finally(() => {
      s.running = undefined;
    });
    return s.running;
  }
  // the drain in flight may have read the queue before this caller's join committed: wait for the one after it
  s.next ??= s.running
    .catch(() => {})
    .then(() => {
      s.next = undefined;
      return sendWaitlistConfirmations(ctx);
    });
  return s.next;
}

async function drainQueue(ctx: AppContext): Promise<void> {
  while ((await sendBatch(ctx)) === BATCH);
}

/**
 * How long a claimed mail is left to its sender before another drain may take it again: covers a crash between the
 * claim and the outcome. Far longer than a batch takes; should a batch ever outlast it, a mail goes out twice, never
 * zero times.
 */
const LEASE_SECONDS = 600;
/** The longest wait between two attempts, however many failed. */
const MAX_BACKOFF_SECONDS = 6 * 3600;

// Prepared once per connection. Claims the due rows (SKIP LOCKED: two servers never claim the same one) by moving
// their next attempt a lease ahead, and counts the attempt. The subscribers are looked up by primary key one by one
// (`offset 0` keeps the planner from turning the lookup into a hash join over the whole waitlist, which it chose on
// stale statistics while the table grew: a sequential scan per drain, growing with the waitlist).
const CLAIM = {
  name: 'waitlist_confirmations_claim',
  sql: `with claimed as (
       update internal.waitlist_confirmations q
          set attempts = q.attempts + 1, next_attempt_at = now() + make_interval(secs => $1::int)
        where q.subscriber_id in (select subscriber_id from internal.waitlist_confirmations
                                   where status = 'queued' and next_attempt_at <= now()
                                   order by next_attempt_at limit ${BATCH} for update skip locked)
       returning q.subscriber_id
     )
     select s.id, s.name, s.email, s.waitlist_position as position
       from claimed, lateral (select s.id, s.name, s.email, s.waitlist_position from public.ebook_subscribers s where s.id = claimed.subscriber_id offset 0) s`,
};
const MARK_SENT = {
  name: 'waitlist_confirmations_sent',
  sql: `update internal.waitlist_confirmations set status = 'sent', sent_at = now(), last_error = null
         where subscriber_id = any($1::uuid[])`,
};
// A refusal: retried after RETRY * 2^(attempts - 1) seconds (capped), or marked failed after the last attempt.
const MARK_FAILED = {
  name: 'waitlist_confirmations_failed',
  sql: `update internal.waitlist_confirmations q
           set last_error = f.error,
               status = case when q.attempts >= $3::int then 'failed' else 'queued' end,
               next_attempt_at = now() + make_interval(secs => least($4::float8 * 2 ^ (q.attempts - 1), ${MAX_BACKOFF_SECONDS}))
          from unnest($1::uuid[], $2::text[]) as f(id, error)
         where q.subscriber_id = f.id`,
};
// These commit without waiting for their WAL flush: undone by a database crash, a claim or a "sent" only puts the row
// back in the queue and that mail goes out twice; no mail is lost. Callers wait one disk flush less a drain.
const ASYNC_COMMIT = { name: 'waitlist_confirmations_async', sql: "select set_config('synchronous_commit', 'off', true)" };

type Claimed = { id: string; name: string; email: string; position: number };

async function sendBatch(ctx: AppContext): Promise<number> {
  const claim = { ...CLAIM, params: [LEASE_SECONDS] };
  const results = await ctx.db.transactionBatch([ASYNC_COMMIT, claim], { commitWithStatements: true });
  const rows = results[1]!.rows as Claimed[];
  if (!rows.length) return 0;
  const outcomes = await ctx.mailer.sendAll(rows.map((r) => confirmationMail(ctx, r)));
  const sent: string[] = [];
  const failed: { id: string; error: string }[] = [];
  outcomes.forEach((o, i) => {
    const row = rows[i]!;
    if (o.status === 'fulfilled') return void sent.push(row.id);
    const error = scrub(o.reason instanceof Error ? o.reason.message : String(o.reason), 500);
    failed.push({ id: row.id, error });
    ctx.log.error({ err: error, position: Number(row.position) }, 'waitlist confirmation mail failed; it will be retried');
  });
  const { WAITLIST_MAIL_MAX_ATTEMPTS: maxAttempts, WAITLIST_MAIL_RETRY_SECONDS: retrySeconds } = ctx.config;
  const marks = [
    ...(sent.length ? [{ ...MARK_SENT, params: [sent] }] : []),
    ...(failed.length
      ? [{ ...MARK_FAILED, params: [failed.map((f) => f.id), failed.map((f) => f.error), maxAttempts, retrySeconds] }]
      : []),
  ];
  await ctx.db.transactionBatch([ASYNC_COMMIT, ...marks], { commitWithStatements: true });
  return rows.length;
}

function confirmationMail(ctx: AppContext, r: Claimed): MailMessage {
  return {
    to: r.email,
    ...renderWaitlistMail({
      brand: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      firstName: r.name.split(/\s+/)[0]!,
      position: Number(r.position),
      bookingUrl: ctx.config.BOOKING_URL,
    }),
  };
}

/**
 * Sends the queue every WAITLIST_MAIL_POLL_SECONDS, so retries and mails a crash left go out without waiting for a
 * join. Every server runs one; their claims never overlap. The returned stop waits for a drain in flight.
 */
export function startWaitlistMailer(ctx: AppContext): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= sendWaitlistConfirmations(ctx)
      .catch((err: unknown) => ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'waitlist mail queue drain failed'))
      .finally(() => (running = undefined));
  }, ctx.config.WAITLIST_MAIL_POLL_SECONDS * 1000);
  timer.unref(); // never what keeps the process alive
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Operators' view of the queue (the admin console). */
export async function waitlistMailCounts(ctx: AppContext): Promise<{ queued: number; sent: number; failed: number }> {
  const { rows } = await ctx.db.query<{ queued: number; sent: number; failed: number }>(
    `select count(*) filter (where status = 'queued')::int as queued,
            count(*) filter (where status = 'sent')::int as sent,
            count(*) filter (where status = 'failed')::int as failed
       from internal.waitlist_confirmations`,
  );
  return rows[0]!;
}
