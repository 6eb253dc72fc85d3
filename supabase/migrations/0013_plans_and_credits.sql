-- Plans (must agree with packages/shared/src/plans.ts), each user's subscription, and a credit ledger.
-- New users get a profile, an empty business profile, a 14-day trial of the basic plan and its credits.

create table if not exists public.plans (
  id text primary key check (id in ('basic', 'pro', 'growth', 'enterprise')),
  name text not null,
  price_gbp integer check (price_gbp >= 0),        -- whole pounds a month; null = custom
  price_usd integer check (price_usd >= 0),        -- whole dollars a month; null = custom
  period text not null default '/month',
  description text not null,
  credits integer not null check (credits >= 0),
  va_hours integer check (va_hours >= 0),          -- 0 = none, null = unlimited
  modules text[] not null,
  limits jsonb not null default '{}'::jsonb,       -- feature -> monthly limit (0 = no access, null = unlimited)
  features text[] not null,
  button_text text not null,
  popular boolean not null default false,
  premium boolean not null default false,
  sort_order smallint not null
);

-- its rows are seed data: supabase/seed.sql (docs/decisions/0174)

alter table public.plans enable row level security;
grant select on public.plans to anon, authenticated;
grant all on public.plans to service_role;
drop policy if exists plans_read on public.plans;
create policy plans_read on public.plans for select to anon, authenticated using (true);

create table if not exists public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan_id text not null references public.plans (id),
  status text not null default 'trialing' check (status in ('trialing', 'active', 'past_due', 'canceled')),
  trial_ends_at timestamptz,
  current_period_start timestamptz not null default now(),
  current_period_end timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
drop trigger if exists subscriptions_touch on public.subscriptions;
create trigger subscriptions_touch before update on public.subscriptions for each row execute function public.touch_updated_at();

alter table public.subscriptions enable row level security;
grant select on public.subscriptions to authenticated;
grant all on public.subscriptions to service_role;
drop policy if exists subscriptions_read on public.subscriptions;
create policy subscriptions_read on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- Append-only: grants positive, spending negative. The balance is the sum.
create table if not exists public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  delta integer not null check (delta <> 0),
  reason text not null check (char_length(reason) between 1 and 100),
  feature text check (char_length(feature) <= 100),
  created_at timestamptz not null default now()
);
create index if not exists credit_ledger_user_idx on public.credit_ledger (user_id, created_at desc);

alter table public.credit_ledger enable row level security;
grant select on public.credit_ledger to authenticated;
grant all on public.credit_ledger to service_role;
drop policy if exists credit_ledger_read on public.credit_ledger;
create policy credit_ledger_read on public.credit_ledger for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- Every new account: profile (names from sign-up metadata), business profile, trial, opening credits.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare trial_credits integer;
begin
  insert into public.profiles (id, first_name, surname)
  values (new.id,
          left(nullif(btrim(coalesce(new.raw_user_meta_data ->> 'first_name', new.raw_user_meta_data ->> 'firstName')), ''), 100),
          left(nullif(btrim(coalesce(new.raw_user_meta_data ->> 'surname', new.raw_user_meta_data ->> 'last_name', new.raw_user_meta_data ->> 'lastName')), ''), 100))
  on conflict (id) do nothing;
  insert into public.business_profiles (user_id) values (new.id) on conflict (user_id) do nothing;
  insert into public.subscriptions (user_id, plan_id, status, trial_ends_at, current_period_end)
  values (new.id, 'basic', 'trialing', now() + interval '14 days', now() + interval '14 days')
  on conflict (user_id) do nothing;
  select p.credits into trial_credits from public.plans p where p.id = 'basic';
  insert into public.credit_ledger (user_id, delta, reason) values (new.id, trial_credits, 'trial_grant');
  return new;
end
$$;
revoke execute on function public.handle_new_user() from public;

drop trigger if exists on_auth_user_created on auth.users;
create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
