-- Issue 38 item 7: a waitlist confirmation leaves the queue only once the SMTP server accepted it. Before, the sender
-- deleted rows before sending and only logged a failure; the queue drained only when a later join arrived. Now a row
-- is claimed (a lease: next_attempt_at moves ahead), sent, then marked sent; a refusal records the attempt and its
-- error and schedules a retry with exponential backoff, which a timer in every server picks up
-- (server/src/api/waitlist-confirmations.ts); after WAITLIST_MAIL_MAX_ATTEMPTS it is marked failed and kept.
-- Sent and failed rows stay so operators can count them (/api/admin/waitlist/mail).
alter table internal.waitlist_confirmations
  add column if not exists status text not null default 'queued',
  add column if not exists attempts integer not null default 0,
  add column if not exists next_attempt_at timestamptz not null default now(),
  add column if not exists last_error text,
  add column if not exists sent_at timestamptz;

alter table internal.waitlist_confirmations drop constraint if exists waitlist_confirmations_status_check;
alter table internal.waitlist_confirmations
  add constraint waitlist_confirmations_status_check check (status in ('queued', 'sent', 'failed'));

-- What a drain claims: the queued rows that are due, oldest due first. Sent rows leave the index.
create index if not exists waitlist_confirmations_due on internal.waitlist_confirmations (next_attempt_at)
  where status = 'queued';
