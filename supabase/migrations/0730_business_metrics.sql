-- Issue 42 item 1: the business's own numbers. The ten key-metric ids of onboarding (0011 business_profiles
-- .key_metrics), each with a unit, and a series of values by week or month. packages/shared/src/metrics.ts holds
-- the same units and ranges for the browser's zod schema; these checks are the authority.

-- The account's currency for money metrics (the product prices in GBP and USD).
alter table public.business_profiles add column if not exists currency text not null default 'GBP'
  check (currency in ('GBP', 'USD'));

-- money in the account's currency, count, or percent; null for an unknown id (then the checks below refuse it).
create or replace function public.metric_unit(metric text) returns text
language sql immutable set search_path = ''
as $$
  select case metric
    when 'revenue' then 'money' when 'costs' then 'money' when 'profit' then 'money' when 'cashflow' then 'money'
    when 'customers' then 'count' when 'leads' then 'count' when 'traffic' then 'count' when 'social' then 'count'
    when 'conversion' then 'percent' when 'retention' then 'percent'
  end
$$;

-- Sane ranges per unit: money may be negative (profit, cash flow) within ±1e12; counts are whole and 0..1e9;
-- percentages 0..100. numeric accepts 'NaN' and '±Infinity' (PostgreSQL 14+): refused.
create or replace function public.metric_value_ok(metric text, v numeric) returns boolean
language sql immutable set search_path = ''
as $$
  select v is not null and v <> 'NaN'::numeric and case public.metric_unit(metric)
    when 'money' then v between -1e12 and 1e12
    when 'count' then v between 0 and 1e9 and v = trunc(v)
    when 'percent' then v between 0 and 100
    else false
  end
$$;

-- Metrics the customer tracks beyond those chosen at onboarding, and a target for any metric.
create table if not exists public.tracked_metrics (
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  metric_id text not null check (public.metric_unit(metric_id) is not null),
  target numeric check (target is null or public.metric_value_ok(metric_id, target)),
  created_at timestamptz not null default now(),
  primary key (user_id, metric_id)
);

create table if not exists public.metric_values (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  metric_id text not null check (public.metric_unit(metric_id) is not null),
  -- a week starts on Monday, a month on its first day, so one period has one row
  period text not null check (period in ('week', 'month')),
  period_start date not null
    check (case period when 'week' then extract(isodow from period_start) = 1 else extract(day from period_start) = 1 end),
  value numeric not null check (public.metric_value_ok(metric_id, value)),
  source text not null default 'manual' check (source in ('manual', 'csv', 'stripe', 'connection')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, metric_id, period, period_start)
);
create index if not exists metric_values_series on public.metric_values (user_id, metric_id, period, period_start desc);

-- Not in the far future: a check cannot use now() (it would hold only on the day of writing), so a trigger.
create or replace function public.metric_values_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.period_start > current_date + 31 or new.period_start < date '1970-01-01' then
    raise exception 'metric period out of range' using errcode = '23514';
  end if;
  new.updated_at := now();
  return new;
end
$$;
drop trigger if exists metric_values_guard on public.metric_values;
create trigger metric_values_guard before insert or update on public.metric_values
  for each row execute function public.metric_values_guard();

alter table public.tracked_metrics enable row level security;
alter table public.metric_values enable row level security;
grant select, insert, update, delete on public.tracked_metrics, public.metric_values to authenticated;
grant all on public.tracked_metrics, public.metric_values to service_role;

drop policy if exists tracked_metrics_own on public.tracked_metrics;
create policy tracked_metrics_own on public.tracked_metrics for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists metric_values_own on public.metric_values;
create policy metric_values_own on public.metric_values for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- 0630: nothing at aal1 when the user has a verified factor.
drop policy if exists mfa_required on public.tracked_metrics;
create policy mfa_required on public.tracked_metrics as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
drop policy if exists mfa_required on public.metric_values;
create policy mfa_required on public.metric_values as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
