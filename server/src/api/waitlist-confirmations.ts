import type { AppContext } from '../context.js';
import { renderWaitlistMail } from './waitlist-mail.js';

/** Mails sent per call; a larger queue (after an outage) is sent by the following joins. */
const BATCH = 50;

/**
 * Sends the confirmation of every join the database has queued (migration 0500), whichever entry point made it:
 * POST /api/waitlist calls this after its join, /rest/v1 after a write to ebook_subscribers or rpc/join_waitlist
 * (wired in app.ts). Rows are taken with SKIP LOCKED, so two servers never send the same mail. The subscriber is
 * in either way: a mail failure is logged, never turned into a failed join.
 */
export async function sendWaitlistConfirmations(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.query<{ name: string; email: string; position: number }>(
    `with taken as (
       delete from internal.waitlist_confirmations q
        where q.subscriber_id in (select subscriber_id from internal.waitlist_confirmations order by queued_at limit ${BATCH} for update skip locked)
       returning q.subscriber_id
     )
     select s.name, s.email, s.waitlist_position as position from taken join public.ebook_subscribers s on s.id = taken.subscriber_id`,
  );
  for (const r of rows) {
    const position = Number(r.position);
    const mail = renderWaitlistMail({
      brand: ctx.config.BRAND_NAME,
      siteUrl: ctx.config.SITE_URL,
      firstName: r.name.split(/\s+/)[0]!,
      position,
      bookingUrl: ctx.config.BOOKING_URL,
    });
    await ctx.mailer
      .send({ to: r.email, ...mail })
      .catch((err: unknown) => ctx.log.error({ err, position }, 'waitlist confirmation mail failed'));
  }
}
