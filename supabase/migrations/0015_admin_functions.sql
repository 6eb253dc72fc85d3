-- The operators' console: statistics and inbox handling, for admins (app_metadata.role = 'admin') and the
-- service role only. Everyone else gets 42501 (401 for visitors, 403 for users).

create or replace function public.require_admin() returns void
language plpgsql stable
as $$
begin
  if not public.is_admin() then
    raise exception 'Admin access required' using errcode = '42501';
  end if;
end
$$;

-- The specification's analytics view: the latest 1000 events (optionally one type), latest 50, top 10 types.
create or replace function public.analytics_stats(p_event_type text default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare result jsonb;
begin
  perform public.require_admin();
  with recent as (
    select e.id, e.event_type, e.event_data, e.user_id, e.session_id, e.ip_address, e.user_agent, e.created_at
    from public.analytics_events e
    where p_event_type is null or e.event_type = p_event_type
    order by e.created_at desc, e.id desc limit 1000
  )
  select jsonb_build_object(
    'total_events', (select count(*) from recent),
    'unique_users', (select count(distinct user_id) from recent),
    'unique_sessions', (select count(distinct session_id) from recent),
    'top_event_types', coalesce((select jsonb_agg(jsonb_build_object('event_type', t.event_type, 'count', t.n) order by t.n desc, t.event_type)
        from (select event_type, count(*) as n from recent group by event_type order by n desc, event_type limit 10) t), '[]'::jsonb),
    'latest', coalesce((select jsonb_agg(to_jsonb(l) order by l.created_at desc, l.id desc)
        from (select * from recent order by created_at desc, id desc limit 50) l), '[]'::jsonb))
  into result;
  return result;
end
$$;

-- The security metrics: the latest 1000 audit rows, counts by severity, top 10 event types, latest 50.
create or replace function public.security_stats() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare result jsonb;
begin
  perform public.require_admin();
  with recent as (
    select a.id, a.event_type, a.event_details, a.severity, a.user_id, a.ip_address, a.user_agent, a.created_at
    from public.security_audit_log a order by a.created_at desc, a.id desc limit 1000
  )
  select jsonb_build_object(
    'total_events', (select count(*) from recent),
    'by_severity', jsonb_build_object(
      'info', (select count(*) from recent where severity = 'info'),
      'warn', (select count(*) from recent where severity = 'warn'),
      'error', (select count(*) from recent where severity = 'error'),
      'critical', (select count(*) from recent where severity = 'critical')),
    'top_event_types', coalesce((select jsonb_agg(jsonb_build_object('event_type', t.event_type, 'count', t.n) order by t.n desc, t.event_type)
        from (select event_type, count(*) as n from recent group by event_type order by n desc, event_type limit 10) t), '[]'::jsonb),
    'latest', coalesce((select jsonb_agg(to_jsonb(l) order by l.created_at desc, l.id desc)
        from (select * from recent order by created_at desc, id desc limit 50) l), '[]'::jsonb))
  into result;
  return result;
end
$$;

-- Headline numbers for the console's first screen.
create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform public.require_admin();
  return jsonb_build_object(
    'users', (select count(*) from auth.users),
    'waitlist', (select count(*) from public.ebook_subscribers),
    'new_integration_requests', (select count(*) from public.integration_requests where status = 'new'),
    'new_connection_requests', (select count(*) from public.connection_requests where status = 'new'),
    'new_contact_messages', (select count(*) from public.contact_messages where status = 'new'),
    'subscriptions_by_plan', coalesce((select jsonb_object_agg(plan_id, n) from (select plan_id, count(*) n from public.subscriptions group by plan_id) s), '{}'::jsonb));
end
$$;

-- p_kind: 'integration_request' | 'connection_request' | 'contact_message'. Returns whether a row changed.
create or replace function public.mark_inbox_item_handled(p_kind text, p_id uuid, p_handled boolean default true) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare tbl text; n integer;
begin
  perform public.require_admin();
  tbl := case p_kind when 'integration_request' then 'integration_requests'
                     when 'connection_request' then 'connection_requests'
                     when 'contact_message' then 'contact_messages' end;
  if tbl is null then
    raise exception 'Unknown inbox kind: %', p_kind using errcode = '22023';
  end if;
  execute format('update public.%I set status = $1, handled_at = $2 where id = $3', tbl)
    using case when p_handled then 'handled' else 'new' end, case when p_handled then now() end, p_id;
  get diagnostics n = row_count;
  return n > 0;
end
$$;

do $$
declare f text;
begin
  foreach f in array array['analytics_stats(text)', 'security_stats()', 'admin_overview()', 'mark_inbox_item_handled(text, uuid, boolean)', 'require_admin()'] loop
    execute format('revoke execute on function public.%s from public', f);
    execute format('grant execute on function public.%s to anon, authenticated, service_role', f);
  end loop;
end
$$;
