-- Issue 40: connections started by events in the product itself (a plan task completed, a metric recorded, a CRM
-- contact created), and the coach step. docs/connections.md "Event triggers"; docs/decisions/0190-connection-events.md.
--
-- Whatever path writes the row (/rest/v1, the coach's approved plan edits, a connection's step, a CSV import, the
-- Stripe sync), an AFTER trigger calls internal.emit_connection_event in the writer's own transaction: the event is
-- recorded in internal.connection_events (an outbox) only if the write commits. A worker on every instance turns each
-- event into runs of the owner's switched-on connections with that event trigger, in one transaction with the
-- event's removal (server/src/connections/events.ts), so an event is turned into runs once and never lost.

create table if not exists internal.connection_events (
  id bigserial primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  event text not null check (event in ('plan_task_completed', 'metric_recorded', 'crm_contact_created')),
  payload jsonb not null,
  -- how many connections' runs led to this event (0: the customer or another integration wrote the row)
  depth smallint not null default 0,
  -- the connection whose step wrote the row, which this event never starts again (no foreign key: it may be deleted)
  source_connection_id uuid,
  -- a worker that failed to turn it into runs (the database failed) tries again later; it is never dropped
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  error text,
  created_at timestamptz not null default now()
);
create index if not exists connection_events_due on internal.connection_events (next_attempt_at, id);
revoke all on internal.connection_events from public;
revoke all on sequence internal.connection_events_id_seq from public;

-- Finding an owner's event connections is an index lookup, so every plan tick and figure stays cheap.
create index if not exists connections_events on public.connections (user_id) where enabled and trigger ->> 'type' = 'event';

-- A run started by an event carries the event's depth; the worker marks its steps' writes with depth + 1.
alter table public.connection_runs add column if not exists event_depth smallint not null default 0;

/*
 * The contract for every event source (docs/connections.md "Event triggers"): called in the transaction that made
 * the change, with the owner of the data, one of the three event names and the documented payload for it. Records
 * the event when the owner has a switched-on connection with that trigger (else nothing is kept) and answers whether
 * it did. A write made by a connection's own step (the worker sets app.connection_id and app.connection_event_depth
 * for its transaction) never starts that same connection again, and chains of connections stop after
 * three links: an event at depth 4 or more is not recorded.
 */
create or replace function internal.emit_connection_event(owner uuid, event text, payload jsonb) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_depth integer := coalesce(nullif(current_setting('app.connection_event_depth', true), '')::integer, 0);
  v_source uuid := nullif(current_setting('app.connection_id', true), '')::uuid;
begin
  if emit_connection_event.event is null
     or emit_connection_event.event not in ('plan_task_completed', 'metric_recorded', 'crm_contact_created') then
    raise exception 'unknown connection event: %', emit_connection_event.event using errcode = '22023';
  end if;
  if owner is null or v_depth > 3 then
    return false;
  end if;
  if not exists (
    select 1 from public.connections c
     where c.user_id = owner and c.enabled and c.trigger ->> 'type' = 'event'
       and c.trigger ->> 'event' = emit_connection_event.event and c.id is distinct from v_source
  ) then
    return false;
  end if;
  insert into internal.connection_events (user_id, event, payload, depth, source_connection_id)
  values (owner, emit_connection_event.event, coalesce(payload, '{}'::jsonb), v_depth, v_source);
  return true;
end
$$;
revoke execute on function internal.emit_connection_event(uuid, text, jsonb) from public;

-- A plan task moved to done (through any path: the before trigger keeps status and done in step).
create or replace function internal.action_plan_tasks_connection_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform internal.emit_connection_event(new.user_id, 'plan_task_completed', jsonb_build_object('task', jsonb_build_object(
    'id', new.id, 'title', new.title, 'phase', new.phase, 'due_date', new.due_date, 'completed_at', new.done_at)));
  return null;
end
$$;
revoke execute on function internal.action_plan_tasks_connection_event() from public;
drop trigger if exists action_plan_tasks_connection_event on public.action_plan_tasks;
create trigger action_plan_tasks_connection_event after update on public.action_plan_tasks
  for each row when (new.status = 'done' and old.status is distinct from 'done')
  execute function internal.action_plan_tasks_connection_event();

-- A figure recorded: a new row, or a period's value changed (the same value written again is not news).
create or replace function internal.metric_values_connection_event() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.value is not distinct from old.value then
    return null;
  end if;
  perform internal.emit_connection_event(new.user_id, 'metric_recorded', jsonb_build_object('metric', jsonb_build_object(
    'id', new.metric_id, 'period', new.period, 'period_start', new.period_start, 'value', new.value, 'source', new.source)));
  return null;
end
$$;
revoke execute on function internal.metric_values_connection_event() from public;
drop trigger if exists metric_values_connection_event on public.metric_values;
create trigger metric_values_connection_event after insert or update on public.metric_values
  for each row execute function internal.metric_values_connection_event();

-- The coach step joins the coarse check of step types (the worker validates the full shape).
create or replace function internal.connection_steps_ok(steps jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(
    jsonb_typeof(s) = 'object'
    and s ->> 'type' in ('webhook', 'email', 'plan_task', 'record_metric', 'coach')
    and (s ->> 'type' <> 'webhook' or coalesce(s ->> 'url', '') ~* '^https?://[^/?#\s]+')
    and (s ->> 'type' <> 'coach' or s ->> 'task' in ('summarise', 'draft'))
  ), true)
  from jsonb_array_elements(case when jsonb_typeof(steps) = 'array' then steps else '[]'::jsonb end) s
$$;
