-- Issue 43 × issue 40: the CRM in connections. Two more product events ("a CRM contact is created" already had its
-- name; this attaches it, and adds "a deal moved to a stage", optionally only to a stage named in the trigger), and
-- two more step types (create or update a contact; add an activity), checked coarsely here as the others are.

alter table internal.connection_events drop constraint if exists connection_events_event_check;
alter table internal.connection_events add constraint connection_events_event_check
  check (event in ('plan_task_completed', 'metric_recorded', 'crm_contact_created', 'crm_deal_moved'));

-- Whether a switched-on event connection wants this event: the same test the event worker (connections/events.ts)
-- makes when it turns the event into runs. A deal-moved trigger with a stage wants moves to that stage only.
create or replace function internal.connection_wants_event(c_trigger jsonb, event text, payload jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select c_trigger ->> 'type' = 'event' and c_trigger ->> 'event' = event
     and (event <> 'crm_deal_moved' or coalesce(btrim(c_trigger ->> 'stage'), '') = ''
          or lower(btrim(c_trigger ->> 'stage')) = lower(payload -> 'deal' ->> 'stage'))
$$;

create or replace function internal.emit_connection_event(owner uuid, event text, payload jsonb) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_depth integer := coalesce(nullif(current_setting('app.connection_event_depth', true), '')::integer, 0);
  v_source uuid := nullif(current_setting('app.connection_id', true), '')::uuid;
begin
  if emit_connection_event.event is null
     or emit_connection_event.event not in ('plan_task_completed', 'metric_recorded', 'crm_contact_created', 'crm_deal_moved') then
    raise exception 'unknown connection event: %', emit_connection_event.event using errcode = '22023';
  end if;
  if owner is null or v_depth > 3 then
    return false;
  end if;
  if not exists (
    select 1 from public.connections c
     where c.user_id = owner and c.enabled and c.id is distinct from v_source
       and internal.connection_wants_event(c.trigger, emit_connection_event.event, payload)
  ) then
    return false;
  end if;
  insert into internal.connection_events (user_id, event, payload, depth, source_connection_id)
  values (owner, emit_connection_event.event, coalesce(payload, '{}'::jsonb), v_depth, v_source);
  return true;
end
$$;
revoke execute on function internal.emit_connection_event(uuid, text, jsonb) from public;

-- A contact added by any path (the CRM screens, /rest/v1, the import, the coach, a connection's own step).
create or replace function internal.crm_contacts_connection_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform internal.emit_connection_event(new.user_id, 'crm_contact_created', jsonb_build_object('contact', jsonb_build_object(
    'id', new.id, 'name', new.name, 'email', new.email, 'phone', new.phone,
    'company', (select co.name from public.crm_companies co where co.id = new.company_id),
    'source', new.source, 'tags', to_jsonb(new.tags))));
  return null;
end
$$;
revoke execute on function internal.crm_contacts_connection_event() from public;
drop trigger if exists crm_contacts_connection_event on public.crm_contacts;
create trigger crm_contacts_connection_event after insert on public.crm_contacts
  for each row execute function internal.crm_contacts_connection_event();

-- A deal moved to another stage: crm_move_deal logs it as a deal_moved activity, the one record of every move.
create or replace function internal.crm_deal_moved_connection_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  d public.crm_deals;
  ct public.crm_contacts;
begin
  select * into d from public.crm_deals where id = new.deal_id;
  if d.id is null then
    return null;
  end if;
  select * into ct from public.crm_contacts where id = d.contact_id;
  perform internal.emit_connection_event(new.user_id, 'crm_deal_moved', jsonb_build_object('deal', jsonb_build_object(
    'id', d.id, 'title', d.title, 'value', d.value, 'currency', d.currency,
    'stage', new.meta ->> 'to_stage', 'from_stage', new.meta ->> 'from_stage',
    'contact', case when ct.id is null then null else jsonb_build_object('id', ct.id, 'name', ct.name, 'email', ct.email) end)));
  return null;
end
$$;
revoke execute on function internal.crm_deal_moved_connection_event() from public;
drop trigger if exists crm_deal_moved_connection_event on public.crm_activities;
create trigger crm_deal_moved_connection_event after insert on public.crm_activities
  for each row when (new.kind = 'deal_moved' and new.deal_id is not null)
  execute function internal.crm_deal_moved_connection_event();

create or replace function internal.connection_steps_ok(steps jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(
    jsonb_typeof(s) = 'object'
    and s ->> 'type' in ('webhook', 'email', 'plan_task', 'record_metric', 'coach', 'crm_contact', 'crm_activity')
    and (s ->> 'type' <> 'webhook' or coalesce(s ->> 'url', '') ~* '^https?://[^/?#\s]+')
    and (s ->> 'type' <> 'coach' or s ->> 'task' in ('summarise', 'draft'))
    and (s ->> 'type' <> 'crm_activity' or s ->> 'kind' in ('note', 'call', 'email'))
  ), true)
  from jsonb_array_elements(case when jsonb_typeof(steps) = 'array' then steps else '[]'::jsonb end) s
$$;

-- "Connection runs that touched it" on a contact's timeline: a contact added or changed inside a connection's step
-- (the worker marks that transaction with app.connection_id and app.connection_run_id, connections/step-context.ts)
-- gets a connection_run activity naming the connection. Only this trigger writes that kind: people cannot (0810).
create or replace function internal.crm_contacts_connection_run() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_connection uuid := nullif(current_setting('app.connection_id', true), '')::uuid;
  v_name text;
begin
  if v_connection is null then
    return null;
  end if;
  select c.name into v_name from public.connections c where c.id = v_connection and c.user_id = new.user_id;
  if v_name is null then
    return null;
  end if;
  insert into public.crm_activities (user_id, contact_id, kind, body, meta)
  values (new.user_id, new.id, 'connection_run',
          format('%s by the connection "%s"', case tg_op when 'INSERT' then 'Added' else 'Updated' end, v_name),
          jsonb_strip_nulls(jsonb_build_object('connection_id', v_connection,
            'run_id', nullif(current_setting('app.connection_run_id', true), ''))));
  return null;
end
$$;
revoke execute on function internal.crm_contacts_connection_run() from public;
drop trigger if exists crm_contacts_connection_run on public.crm_contacts;
create trigger crm_contacts_connection_run after insert or update of name, email, phone, company_id, source, tags, notes, custom
  on public.crm_contacts
  for each row execute function internal.crm_contacts_connection_run();
