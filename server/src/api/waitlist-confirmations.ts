import type { AppContext } from '../context.js';
import { renderWaitlistMail } from './waitlist-mail.js';

/** Mails sent per call; a larger queue (after an outage) is sent by the following joins. */
const BATCH = 50;

/** Per server: the drain in flight, and the one queued behind it that every later caller shares. */
const drains = new WeakMap<AppContext, { running?: Promise<void>; next?: Promise<void> }>();

/**
 * Sends the confirmation of every join the database has queued (migration 0500), whichever entry point made it:
 * POST /api/waitlist calls this after its join, /rest/v1 after a write to ebook_subscribers or rpc/join_waitlist
 * (wired in app.ts). Rows are taken with SKIP LOCKED, so two servers never send the same mail. The subscriber is
 * in either way: a mail failure is logged, never turned into a failed join.
 *
 * One drain at a time per server: a caller resolves once a drain that started after its call has emptied the
 * queue, so its own join's mail has been sent; callers arriving during a drain share the next one. Under load
 * (joins committed in groups, docs/decisions/0065) that is one queue statement per group instead of one per join.
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

// Prepared once per connection. The subscribers are looked up by primary key one by one (`offset 0` keeps the
// planner from turning the lookup into a hash join over the whole waitlist, which it chose on stale statistics
// while the table grew: a sequential scan per drain, growing with the waitlist).
const TAKE = {
  name: 'waitlist_confirmations_take',
  sql: `with taken as (
       delete from internal.waitlist_confirmations q
        where q.subscriber_id in (select subscriber_id from internal.waitlist_confirmations order by queued_at limit ${BATCH} for update skip locked)
       returning q.subscriber_id
     )
     select s.name, s.email, s.waitlist_position as position
       from taken, lateral (select s.name, s.email, s.waitlist_position from public.ebook_subscribers s where s.id = taken.subscriber_id offset 0) s`,
};
// The take commits without waiting for its WAL flush: undone by a database crash, it only puts the rows back in the
// queue and those mails go out twice; no mail is lost that was not before. Callers wait one disk flush less a drain.
const ASYNC_COMMIT = { name: 'waitlist_confirmations_async', sql: "select set_config('synchronous_commit', 'off', true)" };

async function sendBatch(ctx: AppContext): Promise<number> {
  const results = await ctx.db.transactionBatch([ASYNC_COMMIT, TAKE], { commitWithStatements: true });
  const rows = results[1]!.rows as { name: string; email: string; position: number }[];
  if (!rows.length) return 0;
  const mails = rows.map((r) => ({
    to: r.email,
    ...renderWaitlistMail({
      brand: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      firstName: r.name.split(/\s+/)[0]!,
      position: Number(r.position),
      bookingUrl: ctx.config.BOOKING_URL,
    }),
  }));
  const outcomes = await ctx.mailer.sendAll(mails);
  outcomes.forEach((o, i) => {
    if (o.status === 'rejected') ctx.log.error({ err: o.reason, position: Number(rows[i]!.position) }, 'waitlist confirmation mail failed');
  });
  return rows.length;
}
