-- Issue 38 item 2: a password alone must not open an account that has a second factor. Supabase's documented
-- pattern ("Enforce MFA for all users"): a restrictive policy on every table that holds user data, so that a user
-- with a verified factor reads and writes nothing until the session is aal2, whatever the permissive policies
-- allow. The same check sits inside every SECURITY DEFINER function a user can call that reads their data (those
-- bypass RLS). docs/security.md "Second factor (aal)".

-- True when the caller's token is aal2 (or aal3), or the caller has no verified factor. The claim is signed by
-- the accounts service from the session row (auth/sessions.ts), so it is trusted like `sub`.
-- plpgsql, not sql: its plan is cached per connection (see 0300); policies call it once a query as an initplan.
create or replace function auth.mfa_satisfied() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') in ('aal2', 'aal3')
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
end
$$;
revoke execute on function auth.mfa_satisfied() from public;
grant execute on function auth.mfa_satisfied() to anon, authenticated, service_role;

-- Every public table with row-level security, except the two catalogues (plans, integrations): they hold no
-- user's data and anyone reads them with the anon key. server/test/mfa-aal.service.test.ts fails when a table
-- added later has RLS but not this policy.
do $$
declare t text;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
      and c.relname not in ('plans', 'integrations')
    order by c.relname
  loop
    execute format('drop policy if exists mfa_required on public.%I', t);
    execute format('create policy mfa_required on public.%I as restrictive for all to authenticated
                      using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()))', t);
  end loop;
end
$$;

-- The caller's own data through SECURITY DEFINER functions: nothing at aal1 with a verified factor, as if the
-- user had no rows (feature_limit, has_feature and remaining_usage go through current_plan_id). Bodies as in
-- 0014, 0200 and 0400, plus the check.
create or replace function public.current_plan_id() returns text
language sql stable security definer set search_path = ''
as $$
  select s.plan_id from public.subscriptions s
  where s.user_id = auth.uid() and auth.mfa_satisfied()
    and (s.status in ('active', 'past_due') or (s.status = 'trialing' and s.trial_ends_at > now()))
$$;

create or replace function public.feature_usage(feature text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case feature
    when 'connect_anything_custom' then (
      select count(*)::integer from public.connection_requests r
      where r.user_id = auth.uid() and auth.mfa_satisfied()
        and r.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc')
    else 0
  end
$$;

create or replace function public.credit_balance() returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce(sum(c.delta), 0)::integer from public.credit_ledger c where c.user_id = auth.uid() and auth.mfa_satisfied()
$$;

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
  where s.user_id = auth.uid() and auth.mfa_satisfied()
$$;

create or replace function public.my_user_tool_count() returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from public.user_tools t where t.user_id = auth.uid() and auth.mfa_satisfied()
$$;

create or replace function public.my_open_plan_request_count() returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from public.plan_requests r where r.user_id = auth.uid() and r.status = 'new' and auth.mfa_satisfied()
$$;

create or replace function public.credit_usage_history(p_limit integer default 50)
returns table (created_at timestamptz, delta integer, reason text, conversation_id uuid, conversation_title text,
  input_tokens integer, output_tokens integer)
language sql stable security definer set search_path = ''
as $$
  select l.created_at, l.delta, l.reason, l.conversation_id, c.title, l.input_tokens, l.output_tokens
  from public.credit_ledger l
  left join public.coach_conversations c on c.id = l.conversation_id
  where l.user_id = auth.uid() and auth.mfa_satisfied()
  order by l.created_at desc, l.id desc
  limit greatest(1, least(coalesce(p_limit, 50), 200))
$$;
