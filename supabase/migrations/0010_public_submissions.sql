-- Tables that anyone (visitors included) may write to but only admins may read:
-- the waitlist, analytics events. Every table has RLS on and explicit grants (nothing is granted by default).

-- Waitlist ---------------------------------------------------------------------------------------------
create table if not exists public.ebook_subscribers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  status text not null default 'waiting' check (status in ('waiting', 'invited', 'joined', 'unsubscribed')),
  source text not null default 'join_waiting_list_page' check (char_length(source) between 1 and 100),
  waitlist_position integer not null,
  created_at timestamptz not null default now()
);
-- Case-insensitive uniqueness: a duplicate raises 23505, which the page maps to its "already on our waitlist" message.
create unique index if not exists ebook_subscribers_email_key on public.ebook_subscribers (lower(email));
create unique index if not exists ebook_subscribers_position_key on public.ebook_subscribers (waitlist_position);

-- Positions are gap-free and unique under concurrent joins: one transaction-scoped advisory lock serialises
-- the read of max()+1 and is held until commit, so a rolled-back (duplicate) join leaves no gap.
create or replace function public.assign_waitlist_position() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(724514101);
  select coalesce(max(s.waitlist_position), 0) + 1 into new.waitlist_position from public.ebook_subscribers s;
  new.email := btrim(new.email);
  new.name := btrim(new.name);
  if current_user in ('anon', 'authenticated') then
    new.status := 'waiting';
    new.created_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.assign_waitlist_position() from public;

drop trigger if exists ebook_subscribers_position on public.ebook_subscribers;
create trigger ebook_subscribers_position before insert on public.ebook_subscribers
  for each row execute function public.assign_waitlist_position();

alter table public.ebook_subscribers enable row level security;
grant insert on public.ebook_subscribers to anon, authenticated;
grant select, update, delete on public.ebook_subscribers to authenticated;
grant all on public.ebook_subscribers to service_role;
drop policy if exists ebook_subscribers_insert on public.ebook_subscribers;
create policy ebook_subscribers_insert on public.ebook_subscribers for insert to anon, authenticated with check (true);
drop policy if exists ebook_subscribers_admin_read on public.ebook_subscribers;
create policy ebook_subscribers_admin_read on public.ebook_subscribers for select to authenticated using ((select public.is_admin()));
drop policy if exists ebook_subscribers_admin_update on public.ebook_subscribers;
create policy ebook_subscribers_admin_update on public.ebook_subscribers for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
drop policy if exists ebook_subscribers_admin_delete on public.ebook_subscribers;
create policy ebook_subscribers_admin_delete on public.ebook_subscribers for delete to authenticated using ((select public.is_admin()));

-- The waitlist page's call: insert and learn the position, which RLS would hide from the visitor.
create or replace function public.join_waitlist(p_name text, p_email text, p_source text default 'join_waiting_list_page')
returns integer
language plpgsql security definer set search_path = ''
as $$
declare pos integer;
begin
  insert into public.ebook_subscribers (name, email, source)
  values (p_name, p_email, coalesce(nullif(btrim(p_source), ''), 'join_waiting_list_page'))
  returning waitlist_position into pos;
  return pos;
end
$$;
revoke execute on function public.join_waitlist(text, text, text) from public;
grant execute on function public.join_waitlist(text, text, text) to anon, authenticated, service_role;

-- Analytics --------------------------------------------------------------------------------------------
create table if not exists public.analytics_events (
  id bigint generated always as identity primary key,
  event_type text not null check (event_type ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  event_data jsonb not null default '{}'::jsonb
    check (jsonb_typeof(event_data) = 'object' and pg_column_size(event_data) <= 8192),
  user_id uuid,
  session_id text check (char_length(session_id) <= 128),
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);
create index if not exists analytics_events_created_at_idx on public.analytics_events (created_at desc);
create index if not exists analytics_events_event_type_idx on public.analytics_events (event_type, created_at desc);

drop trigger if exists analytics_events_stamp on public.analytics_events;
create trigger analytics_events_stamp before insert on public.analytics_events
  for each row execute function public.stamp_request_identity();

alter table public.analytics_events enable row level security;
grant insert on public.analytics_events to anon, authenticated;
grant select on public.analytics_events to authenticated;
grant all on public.analytics_events to service_role;
drop policy if exists analytics_events_insert on public.analytics_events;
create policy analytics_events_insert on public.analytics_events for insert to anon, authenticated with check (true);
drop policy if exists analytics_events_admin_read on public.analytics_events;
create policy analytics_events_admin_read on public.analytics_events for select to authenticated using ((select public.is_admin()));
