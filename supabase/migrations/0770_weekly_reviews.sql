-- Issue 42 "Weekly review": every Monday from 08:00 in the customer's time zone, what moved in their numbers, which
-- plan tasks are due this week or late, and three suggestions from the coach; by e-mail and on the Dashboard view.
-- docs/decisions/0770-weekly-review.md.

-- On unless the customer turns it off on /user (or with the mail's one-click unsubscribe link).
alter table public.profiles add column if not exists weekly_review boolean not null default true;
-- The customer's IANA time zone (e.g. 'America/New_York'); null: Europe/London. Checked below, because the review's
-- schedule reads it in SQL and an unknown zone would fail that query for everyone.
alter table public.profiles add column if not exists time_zone text
  check (time_zone is null or char_length(time_zone) between 1 and 64);

create or replace function public.profiles_time_zone_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.time_zone is not null and (tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone) then
    begin
      perform now() at time zone new.time_zone;
    exception when others then
      raise exception 'unknown time zone' using errcode = '22023';
    end;
  end if;
  return new;
end
$$;
drop trigger if exists profiles_time_zone_guard on public.profiles;
create trigger profiles_time_zone_guard before insert or update of time_zone on public.profiles
  for each row execute function public.profiles_time_zone_guard();

-- One row per customer and week (the Monday it starts, in their time zone): claimed ('sending') before the review is
-- built and mailed, so two instances or a retried job never send the same week twice. 'sent': with the coach's
-- suggestions; 'skipped': mailed without them, `reason` says why (out_of_credits, coach_not_configured, ...);
-- 'failed': not mailed (`reason`), taken again by a later run until `attempts` reaches the limit (server/src/review).
create table if not exists public.weekly_reviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  week_start date not null check (extract(isodow from week_start) = 1),
  status text not null check (status in ('sending', 'sent', 'skipped', 'failed')),
  reason text check (reason is null or char_length(reason) <= 200),
  content jsonb,
  attempts integer not null default 1 check (attempts between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, week_start)
);
create index if not exists weekly_reviews_week_idx on public.weekly_reviews (week_start, status);

-- Customers read their own reviews once they went out; only the server writes.
alter table public.weekly_reviews enable row level security;
grant select on public.weekly_reviews to authenticated;
grant all on public.weekly_reviews to service_role;
drop policy if exists weekly_reviews_own on public.weekly_reviews;
create policy weekly_reviews_own on public.weekly_reviews for select to authenticated
  using (user_id = (select auth.uid()) and status in ('sent', 'skipped'));
-- 0630: nothing at aal1 when the user has a verified factor.
drop policy if exists mfa_required on public.weekly_reviews;
create policy mfa_required on public.weekly_reviews as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
