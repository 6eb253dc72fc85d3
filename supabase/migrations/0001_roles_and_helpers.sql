-- Supabase-compatible roles and request helpers. Roles are cluster-wide in PostgreSQL, so they are created only when missing.
do $$
declare r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    begin
      if not exists (select 1 from pg_roles where rolname = r) then
        execute format('create role %I nologin noinherit%s', r, case when r = 'service_role' then ' bypassrls' else '' end);
      end if;
    exception when duplicate_object or unique_violation then null; -- created at the same moment by another database's migration
    end;
  end loop;
end
$$;

-- The connecting role must be able to SET ROLE to each of them (PostgREST's authenticator pattern).
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then null; -- already a member, or a superuser
end
$$;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

-- The claims of the caller's JWT, as PostgREST sets them per request.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(nullif(auth.jwt() ->> 'role', ''), 'anon')
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select nullif(auth.jwt() ->> 'email', '')
$$;

-- Admins: users whose app_metadata.role is 'admin' (only the server and the service role can set app_metadata).
create or replace function public.is_admin() returns boolean
language sql stable
as $$
  select coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin' or auth.role() = 'service_role'
$$;

-- The request's client IP (set by the server from the socket, stored truncated) and user agent. Never from the body.
create or replace function public.request_ip() returns text
language sql stable
as $$
  select nullif(current_setting('request.ip', true), '')
$$;

create or replace function public.request_user_agent() returns text
language sql stable
as $$
  select left(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb ->> 'user-agent', 512)
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email(), public.is_admin(),
  public.request_ip(), public.request_user_agent() to anon, authenticated, service_role;

-- Security audit log: written by the accounts service and by the browser through /rest/v1; read by admins only.
create table if not exists public.security_audit_log (
  id bigint generated always as identity primary key,
  event_type text not null check (char_length(event_type) between 1 and 100),
  event_details jsonb not null default '{}'::jsonb check (pg_column_size(event_details) <= 16384),
  severity text not null default 'info' check (severity in ('info', 'warn', 'error', 'critical')),
  user_id uuid,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);
create index if not exists security_audit_log_created_at_idx on public.security_audit_log (created_at desc);
create index if not exists security_audit_log_event_type_idx on public.security_audit_log (event_type);

-- Callers through /rest/v1 cannot choose who they are or where they came from.
create or replace function public.stamp_request_identity() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.user_id := auth.uid();
    new.ip_address := public.request_ip();
    new.user_agent := public.request_user_agent();
  end if;
  return new;
end
$$;

drop trigger if exists security_audit_log_stamp on public.security_audit_log;
create trigger security_audit_log_stamp before insert on public.security_audit_log
  for each row execute function public.stamp_request_identity();

alter table public.security_audit_log enable row level security;
grant insert on public.security_audit_log to anon, authenticated;
grant select, insert, update, delete on public.security_audit_log to service_role;
grant select on public.security_audit_log to authenticated;
drop policy if exists security_audit_log_insert on public.security_audit_log;
create policy security_audit_log_insert on public.security_audit_log for insert to anon, authenticated with check (true);
drop policy if exists security_audit_log_admin_read on public.security_audit_log;
create policy security_audit_log_admin_read on public.security_audit_log for select to authenticated using (public.is_admin());
