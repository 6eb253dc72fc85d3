-- Issue 12 item 3: the operators' logs must be trustworthy. Browsers (anon/authenticated through /rest/v1) may
-- only add a few named, low-severity client events to the security log; the database stamps every time and
-- identity column and marks each row as written by the server or reported by a client. See docs/security/sec-logs.md.

-- Who wrote an audit row: 'server' (the accounts service, functions, service role) or 'client' (a browser).
alter table public.security_audit_log add column if not exists source text not null default 'server';
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'security_audit_log_source_check') then
    alter table public.security_audit_log add constraint security_audit_log_source_check check (source in ('server', 'client'));
  end if;
end
$$;
create index if not exists security_audit_log_source_idx on public.security_audit_log (source, created_at desc);

-- Every column a browser could lie about is overwritten here: time, who, where from, and the source itself.
create or replace function public.stamp_audit_source() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.source := 'client';
    new.created_at := now();
    new.user_id := auth.uid();
    new.ip_address := public.request_ip();
    new.user_agent := public.request_user_agent();
  else
    new.source := 'server';
  end if;
  return new;
end
$$;
drop trigger if exists security_audit_log_source on public.security_audit_log;
create trigger security_audit_log_source before insert on public.security_audit_log
  for each row execute function public.stamp_audit_source();

-- The named client events (packages/shared/src/security-events.ts) at info or warn, with small details.
-- WITH CHECK runs after the BEFORE triggers, so it sees the stamped row.
drop policy if exists security_audit_log_insert on public.security_audit_log;
create policy security_audit_log_insert on public.security_audit_log for insert to anon, authenticated
  with check (
    source = 'client'
    and event_type in ('client.csp_violation', 'client.session_timeout', 'client.suspicious_input', 'client.auth_error')
    and severity in ('info', 'warn')
    and jsonb_typeof(event_details) = 'object'
    and pg_column_size(event_details) <= 4096);

-- Batch cap in the database too (the REST layer refuses larger batches first): a browser statement may add at
-- most 10 audit rows. Runs once per statement over the inserted rows (a transition table).
create or replace function public.cap_client_audit_batch() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from inserted_rows) > 10 then
    raise exception 'At most 10 security log rows per request' using errcode = 'P0001';
  end if;
  return null;
end
$$;
drop trigger if exists security_audit_log_batch_cap on public.security_audit_log;
create trigger security_audit_log_batch_cap after insert on public.security_audit_log
  referencing new table as inserted_rows for each statement execute function public.cap_client_audit_batch();

-- Analytics: browsers cannot backdate events, and cannot write server-style names (dotted, e.g. auth.sign_in):
-- client events are lower-case snake_case, as the web app sends them (page_view, scroll_depth, ...).
create or replace function public.stamp_client_time() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.created_at := now();
  end if;
  return new;
end
$$;
drop trigger if exists analytics_events_time on public.analytics_events;
create trigger analytics_events_time before insert on public.analytics_events
  for each row execute function public.stamp_client_time();
drop policy if exists analytics_events_insert on public.analytics_events;
create policy analytics_events_insert on public.analytics_events for insert to anon, authenticated
  with check (event_type ~ '^[a-z][a-z0-9_]{0,63}$');

-- Consent records: the time is the database's; the pseudonymous id must be a random (version 4) UUID as the
-- browser makes it, and an id already tied to one account cannot be continued by another account.
drop trigger if exists consent_records_time on public.consent_records;
create trigger consent_records_time before insert on public.consent_records
  for each row execute function public.stamp_client_time();

create or replace function public.consent_id_owner_ok(p_anonymous_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_anonymous_id is null or not exists (
    select 1 from public.consent_records r
    where r.anonymous_id = p_anonymous_id and r.user_id is not null and r.user_id is distinct from auth.uid()
      and auth.uid() is not null)
$$;
revoke execute on function public.consent_id_owner_ok(uuid) from public;
grant execute on function public.consent_id_owner_ok(uuid) to anon, authenticated, service_role;

drop policy if exists consent_records_insert on public.consent_records;
create policy consent_records_insert on public.consent_records for insert to anon, authenticated
  with check (
    (anonymous_id is null or anonymous_id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$')
    and public.consent_id_owner_ok(anonymous_id));

-- The console's security numbers also say how many of the latest rows came from browsers.
create or replace function public.security_stats() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare result jsonb;
begin
  perform public.require_admin();
  with recent as (
    select a.id, a.event_type, a.event_details, a.severity, a.user_id, a.ip_address, a.user_agent, a.created_at, a.source
    from public.security_audit_log a order by a.created_at desc, a.id desc limit 1000
  )
  select jsonb_build_object(
    'total_events', (select count(*) from recent),
    'by_severity', jsonb_build_object(
      'info', (select count(*) from recent where severity = 'info'),
      'warn', (select count(*) from recent where severity = 'warn'),
      'error', (select count(*) from recent where severity = 'error'),
      'critical', (select count(*) from recent where severity = 'critical')),
    'by_source', jsonb_build_object(
      'server', (select count(*) from recent where source = 'server'),
      'client', (select count(*) from recent where source = 'client')),
    'top_event_types', coalesce((select jsonb_agg(jsonb_build_object('event_type', t.event_type, 'count', t.n) order by t.n desc, t.event_type)
        from (select event_type, count(*) as n from recent group by event_type order by n desc, event_type limit 10) t), '[]'::jsonb),
    'latest', coalesce((select jsonb_agg(to_jsonb(l) order by l.created_at desc, l.id desc)
        from (select * from recent order by created_at desc, id desc limit 50) l), '[]'::jsonb))
  into result;
  return result;
end
$$;
