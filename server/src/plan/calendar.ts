import { createHash, randomBytes } from 'node:crypto';
import { dueDateOf, type PlanSnapshot } from '@app/shared';
import ical from 'ical-generator';
import type { Database, Queryable } from '../db/types.js';

/**
 * The plan as an iCalendar file: one all-day event per task on its due date (its own, else its phase's last day),
 * with a stable UID so a subscribed calendar updates events instead of duplicating them. Done tasks stay, marked.
 */
export function planCalendar(plan: PlanSnapshot, opts: { siteUrl: string; brandName: string }): string {
  const cal = ical({
    name: `${plan.title} (${opts.brandName})`,
    prodId: { company: opts.brandName, product: '90-day plan', language: 'EN' },
  });
  const host = new URL(opts.siteUrl).hostname;
  for (const t of plan.tasks) {
    const due = dueDateOf(plan, t);
    const phase = plan.phases.find((p) => p.phase === t.phase);
    cal.createEvent({
      id: `${t.id}@${host}`,
      start: new Date(`${due}T00:00:00Z`),
      allDay: true,
      summary: t.status === 'done' ? `✓ ${t.title}` : t.title,
      description: [phase ? `Phase: ${phase.name}` : null, t.ownerName ? `Owner: ${t.ownerName}` : null, t.notes]
        .filter(Boolean)
        .join('\n'),
      url: `${opts.siteUrl.replace(/\/$/, '')}/dashboard`,
    });
  }
  return cal.toString();
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret feed token for the customer (the old one stops working); only its hash is kept. */
export async function newCalendarFeed(db: Database, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query(
    `insert into internal.plan_calendar_feeds (user_id, token_hash) values ($1, $2)
     on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()`,
    [userId, hash(token)],
  );
  return token;
}

export async function revokeCalendarFeed(db: Database, userId: string): Promise<void> {
  await db.query('delete from internal.plan_calendar_feeds where user_id = $1', [userId]);
}

export async function hasCalendarFeed(db: Database, userId: string): Promise<boolean> {
  return (await db.query('select 1 from internal.plan_calendar_feeds where user_id = $1', [userId])).rowCount > 0;
}

/** The owner of a feed token, or null (unknown or revoked). */
export async function feedOwner(db: Queryable, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const r = await db.query<{ user_id: string }>('select user_id from internal.plan_calendar_feeds where token_hash = $1', [hash(token)]);
  return r.rows[0]?.user_id ?? null;
}
