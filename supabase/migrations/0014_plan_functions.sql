-- Plan gating and credits for the signed-in caller (the dashboard's plan context). All read the caller's
-- own rows only (auth.uid()), so they are SECURITY DEFINER with an empty search_path.
-- Conventions: a limit of 0 = no access, null = unlimited.

-- The caller's plan while the subscription is live (active, past due, or a trial that has not ended); else null.
create or replace function public.current_plan_id() returns text
language sql stable security definer set search_path = ''
as $$
  select s.plan_id from public.subscriptions s
  where s.user_id = auth.uid()
    and (s.status in ('active', 'past_due') or (s.status = 'trialing' and s.trial_ends_at > now()))
$$;

create or replace function public.feature_limit(feature text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case
    when p.id is null then 0
    when p.limits ? feature then (p.limits ->> feature)::integer
    when feature = any (p.modules) then null
    else 0
  end
  from (select 1) one left join public.plans p on p.id = public.current_plan_id()
$$;

create or replace function public.has_feature(feature text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(public.feature_limit(feature), 1) > 0
$$;

-- Uses this calendar month (UTC). Only connect_anything_custom is metered (one per connection request).
create or replace function public.feature_usage(feature text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case feature
    when 'connect_anything_custom' then (
      select count(*)::integer from public.connection_requests r
      where r.user_id = auth.uid() and r.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc')
    else 0
  end
$$;

create or replace function public.remaining_usage(feature text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case when l is null then null else greatest(l - public.feature_usage(feature), 0) end
  from public.feature_limit(feature) l
$$;

create or replace function public.credit_balance() returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce(sum(c.delta), 0)::integer from public.credit_ledger c where c.user_id = auth.uid()
$$;

-- Everything the plan context shows at once.
create or replace function public.plan_status() returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'plan_id', s.plan_id,
    'plan_name', p.name,
    'status', case when s.status = 'trialing' and s.trial_ends_at <= now() then 'expired' else s.status end,
    'trial_ends_at', s.trial_ends_at,
    'trial_days_remaining', case when s.status = 'trialing'
      then greatest(0, ceil(extract(epoch from (s.trial_ends_at - now())) / 86400))::integer else null end,
    'credits_balance', public.credit_balance(),
    'credits_allowance', p.credits,
    'modules', to_jsonb(p.modules),
    'limits', p.limits)
  from public.subscriptions s join public.plans p on p.id = s.plan_id
  where s.user_id = auth.uid()
$$;

do $$
declare f text;
begin
  foreach f in array array['current_plan_id()', 'feature_limit(text)', 'has_feature(text)', 'feature_usage(text)',
                           'remaining_usage(text)', 'credit_balance()', 'plan_status()'] loop
    execute format('revoke execute on function public.%s from public', f);
    execute format('grant execute on function public.%s to anon, authenticated, service_role', f);
  end loop;
end
$$;

-- The Connection Planner is a plan feature: signed-in users with uses left this month.
drop policy if exists connection_requests_insert on public.connection_requests;
create policy connection_requests_insert on public.connection_requests for insert to authenticated
  with check (coalesce(public.remaining_usage('connect_anything_custom'), 1) > 0);
