-- Issue 39: a living 90-day plan. Phases of their own with day ranges, tasks with notes, due date, owner and status,
-- and a version for every change, whoever makes it (the app's plan function, the coach, or a script on /rest/v1):
-- a deferred trigger records one version per transaction at commit, holding the plan as it then stands, with the
-- actor and summary the server set for the transaction (app.plan_actor, app.plan_summary; a plain REST write is the
-- customer's own). docs/plan.md.

-- The plan starts on a day (due dates count from it); a new plan archives the old one instead of replacing it.
alter table public.action_plans add column if not exists starts_on date;
update public.action_plans set starts_on = (created_at at time zone 'utc')::date where starts_on is null;
alter table public.action_plans alter column starts_on set default current_date;
alter table public.action_plans alter column starts_on set not null;
alter table public.action_plans add column if not exists archived_at timestamptz;
grant update (title, starts_on, archived_at) on public.action_plans to authenticated;
drop policy if exists action_plans_update on public.action_plans;
create policy action_plans_update on public.action_plans for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Phases: a name and a day range from the plan's start (three 30-day phases by default; up to six).
create table if not exists public.action_plan_phases (
  plan_id uuid not null references public.action_plans (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  phase smallint not null check (phase between 1 and 6),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  start_day smallint not null check (start_day between 1 and 366),
  end_day smallint not null check (end_day between 1 and 366),
  check (end_day >= start_day),
  -- deferred: removing or moving a phase renumbers the ones after it within one statement batch
  constraint action_plan_phases_pkey primary key (plan_id, phase) deferrable initially deferred
);
create index if not exists action_plan_phases_user_idx on public.action_plan_phases (user_id);
alter table public.action_plan_phases enable row level security;
grant select, insert, update, delete on public.action_plan_phases to authenticated;
grant all on public.action_plan_phases to service_role;
drop policy if exists action_plan_phases_own on public.action_plan_phases;
create policy action_plan_phases_own on public.action_plan_phases for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid())
    and exists (select 1 from public.action_plans p where p.id = plan_id and p.user_id = (select auth.uid())));
drop policy if exists mfa_required on public.action_plan_phases;
create policy mfa_required on public.action_plan_phases as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

-- "Days 1-30: Foundations" was stored as the phase name and shown under "Days 1-30" again: names lose the prefix.
create or replace function internal.plain_phase_name(n text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(nullif(btrim(regexp_replace(n, '^\s*(phase\s*\d+|days?\s*\d+\s*[-–—to]+\s*\d+|month\s*\d+)\s*[:.–—-]\s*', '', 'i')), ''), btrim(n))
$$;

insert into public.action_plan_phases (plan_id, user_id, phase, name, start_day, end_day)
select distinct on (t.plan_id, t.phase) t.plan_id, t.user_id, t.phase, internal.plain_phase_name(t.phase_name),
  (t.phase - 1) * 30 + 1, t.phase * 30
from public.action_plan_tasks t
order by t.plan_id, t.phase, t.position
on conflict do nothing;
update public.action_plan_tasks set phase_name = internal.plain_phase_name(phase_name)
where phase_name is distinct from internal.plain_phase_name(phase_name);

-- Tasks: notes (the old `detail`), due date, owner, status (done follows it, and it follows done).
alter table public.action_plan_tasks add column if not exists due_date date;
alter table public.action_plan_tasks add column if not exists owner_name text;
alter table public.action_plan_tasks add column if not exists status text not null default 'todo';
update public.action_plan_tasks set status = 'done' where done and status <> 'done';
alter table public.action_plan_tasks drop constraint if exists action_plan_tasks_owner_name_check;
alter table public.action_plan_tasks add constraint action_plan_tasks_owner_name_check check (char_length(owner_name) <= 100);
alter table public.action_plan_tasks drop constraint if exists action_plan_tasks_status_check;
alter table public.action_plan_tasks add constraint action_plan_tasks_status_check check (status in ('todo', 'doing', 'done'));
alter table public.action_plan_tasks drop constraint if exists action_plan_tasks_phase_check;
alter table public.action_plan_tasks add constraint action_plan_tasks_phase_check check (phase between 1 and 6);
-- deferred, so a reorder can move several tasks' positions in one transaction
alter table public.action_plan_tasks drop constraint if exists action_plan_tasks_plan_id_phase_position_key;
alter table public.action_plan_tasks add constraint action_plan_tasks_plan_id_phase_position_key
  unique (plan_id, phase, position) deferrable initially deferred;

create or replace function public.action_plan_tasks_done_at() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'INSERT' then
    if new.done then new.status := 'done'; end if;
    new.done := new.status = 'done';
  elsif new.status is distinct from old.status then
    new.done := new.status = 'done';
  elsif new.done is distinct from old.done then
    new.status := case when new.done then 'done' else 'todo' end;
  end if;
  if tg_op = 'INSERT' or new.done is distinct from old.done then
    new.done_at := case when new.done then now() else null end;
  end if;
  return new;
end
$$;

grant update (phase, phase_name, position, title, detail, due_date, owner_name, status, done) on public.action_plan_tasks to authenticated;
grant delete on public.action_plan_tasks to authenticated;
drop policy if exists action_plan_tasks_delete on public.action_plan_tasks;
create policy action_plan_tasks_delete on public.action_plan_tasks for delete to authenticated
  using (user_id = (select auth.uid()));

-- Versions: written only by the trigger below, read by their owner.
create table if not exists public.action_plan_versions (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.action_plans (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  number integer not null check (number >= 1),
  actor text not null check (actor in ('customer', 'coach')),
  summary text not null check (char_length(summary) between 1 and 300),
  snapshot jsonb not null,
  txid bigint not null default txid_current(),
  created_at timestamptz not null default clock_timestamp(),
  unique (plan_id, number),
  unique (plan_id, txid)
);
create index if not exists action_plan_versions_user_idx on public.action_plan_versions (user_id);
alter table public.action_plan_versions enable row level security;
grant select on public.action_plan_versions to authenticated;
grant all on public.action_plan_versions to service_role;
drop policy if exists action_plan_versions_read on public.action_plan_versions;
create policy action_plan_versions_read on public.action_plan_versions for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists mfa_required on public.action_plan_versions;
create policy mfa_required on public.action_plan_versions as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

-- The plan as it stands: what a version holds and what a restore puts back.
create or replace function internal.plan_snapshot(p_plan uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'title', p.title,
    'startsOn', p.starts_on,
    'archived', p.archived_at is not null,
    'phases', coalesce((select jsonb_agg(jsonb_build_object('phase', ph.phase, 'name', ph.name,
        'startDay', ph.start_day, 'endDay', ph.end_day) order by ph.phase)
      from public.action_plan_phases ph where ph.plan_id = p.id), '[]'::jsonb),
    'tasks', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'phase', t.phase, 'position', t.position,
        'title', t.title, 'notes', t.detail, 'dueDate', t.due_date, 'ownerName', t.owner_name, 'status', t.status,
        'doneAt', t.done_at) order by t.phase, t.position)
      from public.action_plan_tasks t where t.plan_id = p.id), '[]'::jsonb))
  from public.action_plans p where p.id = p_plan
$$;
revoke execute on function internal.plan_snapshot(uuid) from public;

-- At commit, once per plan and transaction: the version (the first row's trigger inserts it, later ones refresh
-- its snapshot, which by then is the committed state).
create or replace function internal.record_plan_version() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_plan uuid;
  v_user uuid;
  v_snapshot jsonb;
begin
  if tg_table_name = 'action_plans' then
    v_plan := coalesce(new.id, old.id);
  else
    v_plan := coalesce(new.plan_id, old.plan_id);
  end if;
  select p.user_id into v_user from public.action_plans p where p.id = v_plan;
  if v_user is null then return null; end if; -- the plan itself was deleted
  perform pg_advisory_xact_lock(hashtext('public.action_plan_versions'), hashtext(v_plan::text));
  v_snapshot := internal.plan_snapshot(v_plan);
  insert into public.action_plan_versions (plan_id, user_id, number, actor, summary, snapshot)
  values (v_plan, v_user,
    coalesce((select max(v.number) from public.action_plan_versions v where v.plan_id = v_plan), 0) + 1,
    case when current_setting('app.plan_actor', true) = 'coach' then 'coach' else 'customer' end,
    left(coalesce(nullif(btrim(current_setting('app.plan_summary', true)), ''), 'Edited the plan'), 300),
    v_snapshot)
  on conflict (plan_id, txid) do update set snapshot = excluded.snapshot;
  return null;
end
$$;
revoke execute on function internal.record_plan_version() from public;

drop trigger if exists action_plans_version on public.action_plans;
create constraint trigger action_plans_version after insert or update on public.action_plans
  deferrable initially deferred for each row execute function internal.record_plan_version();
drop trigger if exists action_plan_phases_version on public.action_plan_phases;
create constraint trigger action_plan_phases_version after insert or update or delete on public.action_plan_phases
  deferrable initially deferred for each row execute function internal.record_plan_version();
drop trigger if exists action_plan_tasks_version on public.action_plan_tasks;
create constraint trigger action_plan_tasks_version after insert or update or delete on public.action_plan_tasks
  deferrable initially deferred for each row execute function internal.record_plan_version();

-- Plans written before versions: their state today is version 1.
insert into public.action_plan_versions (plan_id, user_id, number, actor, summary, snapshot, txid)
select p.id, p.user_id, 1, 'coach', 'The plan as it stood before versions', internal.plan_snapshot(p.id), -1
from public.action_plans p
where not exists (select 1 from public.action_plan_versions v where v.plan_id = p.id);

-- A calendar feed per customer: the token is the secret (only its hash is kept); revoked by deleting the row.
create table if not exists internal.plan_calendar_feeds (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);
revoke all on internal.plan_calendar_feeds from public;
