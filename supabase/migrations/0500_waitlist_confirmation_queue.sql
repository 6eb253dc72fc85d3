-- One waitlist behaviour whichever door a join comes through (POST /api/waitlist, /rest/v1/ebook_subscribers,
-- /rest/v1/rpc/join_waitlist, a service-role insert): the database queues one confirmation per new subscriber in
-- the same transaction as the join, and the server sends the queue (server/src/api/waitlist-confirmations.ts).
-- A join that rolls back (a duplicate) queues nothing; a queued mail survives a crash until the next join sends it.
create table if not exists internal.waitlist_confirmations (
  subscriber_id uuid primary key references public.ebook_subscribers (id) on delete cascade,
  queued_at timestamptz not null default now()
);
revoke all on internal.waitlist_confirmations from public;

-- In `internal`, not `public`: a trigger function must not be callable as /rest/v1/rpc/*.
create or replace function internal.queue_waitlist_confirmation() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into internal.waitlist_confirmations (subscriber_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke execute on function internal.queue_waitlist_confirmation() from public;

drop trigger if exists ebook_subscribers_confirmation on public.ebook_subscribers;
create trigger ebook_subscribers_confirmation after insert on public.ebook_subscribers
  for each row execute function internal.queue_waitlist_confirmation();
