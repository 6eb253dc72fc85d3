-- Issue 41: plan and top-up requests join the operators' inbox, so they can be marked handled like the others.
create or replace function public.mark_inbox_item_handled(p_kind text, p_id uuid, p_handled boolean default true) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare tbl text; n integer;
begin
  perform public.require_admin();
  tbl := case p_kind when 'integration_request' then 'integration_requests'
                     when 'connection_request' then 'connection_requests'
                     when 'contact_message' then 'contact_messages'
                     when 'plan_request' then 'plan_requests' end;
  if tbl is null then
    raise exception 'Unknown inbox kind: %', p_kind using errcode = '22023';
  end if;
  execute format('update public.%I set status = $1, handled_at = $2 where id = $3', tbl)
    using case when p_handled then 'handled' else 'new' end, case when p_handled then now() end, p_id;
  get diagnostics n = row_count;
  return n > 0;
end
$$;

-- Issue 41: The Brain's credits, told apart. Spending draws on the latest monthly (or trial) grant first and what is
-- left of it expires at renewal (billing_grant_period, 0721), so "monthly left" is that grant less what was spent
-- since, within the balance; the rest of the balance is top-ups and operator grants, which roll over. The balance
-- is never shown below zero (an overspend from before reservations, 0720, reads as 0).
create or replace function public.credit_summary() returns jsonb
language sql stable security definer set search_path = ''
as $$
  with me as (select auth.uid() as id where auth.mfa_satisfied()),
  bal as (select greatest(coalesce(sum(c.delta), 0), 0)::integer as v from public.credit_ledger c join me on c.user_id = me.id),
  latest_grant as (
    select c.id, c.delta, c.created_at from public.credit_ledger c join me on c.user_id = me.id
    where c.reason in ('monthly_grant', 'trial_grant') order by c.id desc limit 1),
  spent as (
    select coalesce(-sum(c.delta), 0)::integer as v from public.credit_ledger c join me on c.user_id = me.id
    join latest_grant g on c.id > g.id where c.delta < 0),
  monthly as (
    select coalesce(g.delta, 0) as granted, g.created_at as granted_at,
      least(greatest(coalesce(g.delta, 0) - s.v, 0), b.v) as left_over
    from bal b cross join spent s left join latest_grant g on true)
  select jsonb_build_object(
    'balance', b.v,
    'monthly_granted', m.granted,
    'monthly_granted_at', m.granted_at,
    'monthly_left', m.left_over,
    'extra_left', b.v - m.left_over,
    'period_end', case when sub.status = 'trialing' then sub.trial_ends_at else sub.current_period_end end,
    'cancel_at_period_end', coalesce(sub.cancel_at_period_end, false),
    'paid_online', exists (select 1 from public.billing_customers bc where bc.user_id = me.id and bc.stripe_customer_id is not null))
  from me cross join bal b cross join monthly m left join public.subscriptions sub on sub.user_id = me.id
$$;
revoke execute on function public.credit_summary() from public;
grant execute on function public.credit_summary() to authenticated, service_role;

-- The console's "New in inbox" counts plan and credit requests too. Body as in 0530, plus new_plan_requests.
create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform public.require_admin();
  return jsonb_build_object(
    'users', (select count(*) from internal.accounts),
    'waitlist', (select count(*) from public.ebook_subscribers),
    'new_plan_requests', (select count(*) from public.plan_requests where status = 'new'),
    'new_integration_requests', (select count(*) from public.integration_requests where status = 'new'),
    'new_connection_requests', (select count(*) from public.connection_requests where status = 'new'),
    'new_contact_messages', (select count(*) from public.contact_messages where status = 'new'),
    'subscriptions_by_plan', coalesce((select jsonb_object_agg(plan_id, n) from (select plan_id, count(*) n from public.subscriptions group by plan_id) s), '{}'::jsonb));
end
$$;
