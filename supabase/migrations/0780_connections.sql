-- Issue 40: connections that run (server/src/connections, docs/decisions/0180-connections-runs.md).
-- A connection is a trigger and one or more steps; each time it is triggered a run is recorded with each step's
-- attempts. The customer reads and edits their own connections and reads their own runs; runs are written by the
-- server only (the worker), so the browser cannot fake a run's outcome.

create table if not exists public.connections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  -- new connections start paused: test with a sample payload, then switch on
  enabled boolean not null default false,
  trigger jsonb not null default '{"type":"webhook"}'::jsonb
    check (jsonb_typeof(trigger) = 'object' and trigger ->> 'type' in ('webhook', 'schedule', 'event') and length(trigger::text) <= 4000),
  steps jsonb not null default '[]'::jsonb
    check (jsonb_typeof(steps) = 'array' and jsonb_array_length(steps) <= 10 and length(steps::text) <= 60000),
  -- Shown once: filled only in the answer to the insert that creates the connection (or by the rpc that makes a new
  -- one), emptied at the end of that statement. Only the token's SHA-256 and the secret itself are kept, in
  -- internal.connection_secrets, which no browser role can read.
  inbound_token text,
  signing_secret text,
  -- where it was made from (an idea, a blueprint, a marketplace card…): free for the web app to use
  origin jsonb check (origin is null or (jsonb_typeof(origin) = 'object' and length(origin::text) <= 2000)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists connections_user on public.connections (user_id, created_at desc);
create index if not exists connections_scheduled on public.connections (id) where enabled and trigger ->> 'type' = 'schedule';

-- Each step must at least be an object of a known type; a webhook step needs an http(s) address (checked by the
-- trigger below). The worker validates the full shape (packages/shared/src/connections.ts) before it runs a step.
create or replace function internal.connection_steps_ok(steps jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(bool_and(
    jsonb_typeof(s) = 'object'
    and s ->> 'type' in ('webhook', 'email', 'plan_task', 'record_metric')
    and (s ->> 'type' <> 'webhook' or coalesce(s ->> 'url', '') ~* '^https?://[^/?#\s]+')
  ), true)
  from jsonb_array_elements(case when jsonb_typeof(steps) = 'array' then steps else '[]'::jsonb end) s
$$;

create table if not exists internal.connection_secrets (
  connection_id uuid primary key references public.connections (id) on delete cascade,
  inbound_token_hash text not null unique,
  signing_secret text not null,
  rotated_at timestamptz not null default now()
);
revoke all on internal.connection_secrets from public;

-- 'whsec_' + base64 of 30 random bytes (two v4 UUIDs: 244 random bits), and a 64-hex-digit token (same source).
create or replace function internal.random_hex() returns text
language sql volatile set search_path = ''
as $$ select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') $$;
create or replace function internal.new_signing_secret() returns text
language sql volatile set search_path = ''
as $$ select 'whsec_' || encode(substr(decode(internal.random_hex(), 'hex'), 1, 30), 'base64') $$;

create or replace function internal.connections_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not internal.connection_steps_ok(new.steps) then
    raise exception 'each step must be an object with a known type; a webhook step needs an http(s) url'
      using errcode = '23514';
  end if;
  if tg_op = 'INSERT' then
    -- never the caller's: fresh ones, shown in this statement's answer only
    new.inbound_token := internal.random_hex();
    new.signing_secret := internal.new_signing_secret();
  elsif pg_trigger_depth() = 1 then
    -- a customer's update cannot set them (column grants refuse it too); our own statements (depth > 1) may clear them
    new.inbound_token := old.inbound_token;
    new.signing_secret := old.signing_secret;
  end if;
  new.updated_at := now();
  return new;
end
$$;
drop trigger if exists connections_before_write on public.connections;
create trigger connections_before_write before insert or update on public.connections
  for each row execute function internal.connections_before_write();

-- After the insert's answer is made: keep the hash and the secret, and empty the shown-once columns.
create or replace function internal.connections_keep_secrets() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.inbound_token is not null or new.signing_secret is not null then
    insert into internal.connection_secrets (connection_id, inbound_token_hash, signing_secret)
    values (new.id, encode(sha256(convert_to(coalesce(new.inbound_token, internal.random_hex()), 'UTF8')), 'hex'),
            coalesce(new.signing_secret, internal.new_signing_secret()))
    on conflict (connection_id) do update set
      inbound_token_hash = case when new.inbound_token is null then internal.connection_secrets.inbound_token_hash
                                else excluded.inbound_token_hash end,
      signing_secret = case when new.signing_secret is null then internal.connection_secrets.signing_secret
                            else excluded.signing_secret end,
      rotated_at = now();
    update public.connections set inbound_token = null, signing_secret = null where id = new.id;
  end if;
  return null;
end
$$;
drop trigger if exists connections_keep_secrets on public.connections;
create trigger connections_keep_secrets after insert on public.connections
  for each row execute function internal.connections_keep_secrets();

create table if not exists public.connection_runs (
  id uuid primary key default gen_random_uuid(),
  connection_id uuid not null references public.connections (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null default 'trigger' check (kind in ('trigger', 'test', 'rerun')),
  rerun_of uuid references public.connection_runs (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'running', 'retrying', 'succeeded', 'failed')),
  payload jsonb not null default '{}'::jsonb,
  -- the step the run is on (0-based) and its attempt (1-based); steps before it are done
  step_index integer not null default 0,
  attempt integer not null default 1,
  -- which queued job may work the run now (each retry queues the next number; an older job that runs late is ignored)
  job_seq integer not null default 1,
  next_attempt_at timestamptz,
  error text,
  worked_by text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index if not exists connection_runs_connection on public.connection_runs (connection_id, created_at desc);
create index if not exists connection_runs_user on public.connection_runs (user_id, created_at desc);

-- One row per attempt of a step: what was sent and what came back (secrets and signatures redacted, bodies truncated).
create table if not exists public.connection_run_steps (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references public.connection_runs (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  step_index integer not null,
  attempt integer not null,
  type text not null,
  status text not null check (status in ('succeeded', 'failed', 'retrying')),
  request jsonb,
  response jsonb,
  error text,
  duration_ms integer,
  started_at timestamptz not null default now(),
  finished_at timestamptz not null default now(),
  unique (run_id, step_index, attempt)
);

-- Runs accepted (and refused at the limit) per owner per calendar month (UTC): the limit's counter, taken under the
-- row's lock when a trigger is accepted, and the operators' count of refusals.
create table if not exists internal.connection_run_usage (
  user_id uuid not null references auth.users (id) on delete cascade,
  month date not null,
  runs integer not null default 0,
  refused integer not null default 0,
  primary key (user_id, month)
);
revoke all on internal.connection_run_usage from public;

-- Each time a scheduled connection comes round (its local "YYYY-MM-DD HH:MM") fires once, across instances.
create table if not exists internal.connection_schedule_fires (
  connection_id uuid not null references public.connections (id) on delete cascade,
  slot text not null,
  fired_at timestamptz not null default now(),
  primary key (connection_id, slot)
);
revoke all on internal.connection_schedule_fires from public;

-- A failing connection mails its owner at most once a day.
create table if not exists internal.connection_failure_mails (
  connection_id uuid not null references public.connections (id) on delete cascade,
  day date not null,
  primary key (connection_id, day)
);
revoke all on internal.connection_failure_mails from public;

alter table public.connections enable row level security;
alter table public.connection_runs enable row level security;
alter table public.connection_run_steps enable row level security;

grant select, delete on public.connections to authenticated;
grant insert (name, enabled, trigger, steps, origin) on public.connections to authenticated;
grant update (name, enabled, trigger, steps, origin) on public.connections to authenticated;
grant select on public.connection_runs, public.connection_run_steps to authenticated;
grant all on public.connections, public.connection_runs, public.connection_run_steps to service_role;

drop policy if exists connections_read on public.connections;
create policy connections_read on public.connections for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists connections_update on public.connections;
create policy connections_update on public.connections for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists connections_delete on public.connections;
create policy connections_delete on public.connections for delete to authenticated using (user_id = (select auth.uid()));
-- Creating one is gated by the plan feature that gates the Connection Planner.
drop policy if exists connections_insert on public.connections;
create policy connections_insert on public.connections for insert to authenticated
  with check (user_id = (select auth.uid()) and public.has_feature('connect_anything_custom'));

drop policy if exists connection_runs_read on public.connection_runs;
create policy connection_runs_read on public.connection_runs for select to authenticated using (user_id = (select auth.uid()));
drop policy if exists connection_run_steps_read on public.connection_run_steps;
create policy connection_run_steps_read on public.connection_run_steps for select to authenticated using (user_id = (select auth.uid()));

-- 0630: nothing at aal1 when the user has a verified factor.
drop policy if exists mfa_required on public.connections;
create policy mfa_required on public.connections as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
drop policy if exists mfa_required on public.connection_runs;
create policy mfa_required on public.connection_runs as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
drop policy if exists mfa_required on public.connection_run_steps;
create policy mfa_required on public.connection_run_steps as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

-- A new inbound address (the old one stops working at once) or a new signing secret: returned once.
create or replace function public.regenerate_connection_token(connection_id uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare token text := internal.random_hex();
begin
  if not auth.mfa_satisfied() or not exists (
    select 1 from public.connections c where c.id = regenerate_connection_token.connection_id and c.user_id = auth.uid()
  ) then
    raise exception 'connection not found' using errcode = 'P0002';
  end if;
  update internal.connection_secrets s
     set inbound_token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex'), rotated_at = now()
   where s.connection_id = regenerate_connection_token.connection_id;
  return token;
end
$$;

create or replace function public.rotate_connection_secret(connection_id uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare secret text := internal.new_signing_secret();
begin
  if not auth.mfa_satisfied() or not exists (
    select 1 from public.connections c where c.id = rotate_connection_secret.connection_id and c.user_id = auth.uid()
  ) then
    raise exception 'connection not found' using errcode = 'P0002';
  end if;
  update internal.connection_secrets s set signing_secret = secret, rotated_at = now()
   where s.connection_id = rotate_connection_secret.connection_id;
  return secret;
end
$$;
revoke execute on function public.regenerate_connection_token(uuid), public.rotate_connection_secret(uuid) from public, anon;
grant execute on function public.regenerate_connection_token(uuid), public.rotate_connection_secret(uuid) to authenticated, service_role;
