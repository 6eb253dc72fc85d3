-- Issue 12 item 5: per-user caps and plan quotas must hold under any concurrency. The insert policies of 0014 and
-- 0200 count with the statement's snapshot, so parallel requests all see the same count and all pass (60 parallel
-- plan requests stored 25 against a cap of 20). These BEFORE INSERT triggers first take a per-user transaction
-- lock, then count again: a plpgsql statement takes a fresh snapshot, so it sees every row committed by whoever
-- held the lock before, and the rows this statement already inserted. BEFORE triggers run before the policies'
-- WITH CHECK, so the policies stay as they were (they still refuse what they refused). The error keeps the policy's
-- code (42501), which the web app and the tests already expect for "over the cap".

-- The lock: pg_advisory_xact_lock(hashtext(table), hashtext(user id)), one per (table, user), held until the
-- request's transaction ends. Inlined in each trigger, so no lock function is exposed through /rest/v1/rpc.

-- Builder canvas: at most 40 tools per account.
create or replace function public.enforce_user_tools_cap() returns trigger
language plpgsql
as $$
declare n integer;
begin
  if current_user not in ('anon', 'authenticated') then return new; end if;
  perform pg_advisory_xact_lock(hashtext('public.user_tools'), hashtext(coalesce(auth.uid()::text, '')));
  select count(*) into n from public.user_tools t where t.user_id = auth.uid();
  if n >= 40 then
    raise exception 'At most 40 tools per account' using errcode = '42501', hint = 'Remove a tool before adding another.';
  end if;
  return new;
end
$$;
drop trigger if exists user_tools_cap on public.user_tools;
create trigger user_tools_cap before insert on public.user_tools
  for each row execute function public.enforce_user_tools_cap();

-- Plan requests: at most 20 open ('new') requests per account.
create or replace function public.enforce_plan_requests_cap() returns trigger
language plpgsql
as $$
declare n integer;
begin
  if current_user not in ('anon', 'authenticated') then return new; end if;
  perform pg_advisory_xact_lock(hashtext('public.plan_requests'), hashtext(coalesce(auth.uid()::text, '')));
  select count(*) into n from public.plan_requests r where r.user_id = auth.uid() and r.status = 'new';
  if n >= 20 then
    raise exception 'At most 20 open plan requests per account' using errcode = '42501', hint = 'Wait until the operators have handled the open ones.';
  end if;
  return new;
end
$$;
drop trigger if exists plan_requests_cap on public.plan_requests;
create trigger plan_requests_cap before insert on public.plan_requests
  for each row execute function public.enforce_plan_requests_cap();

-- The Connection Planner's monthly quota (plan feature connect_anything_custom; null limit = unlimited).
create or replace function public.enforce_connection_requests_quota() returns trigger
language plpgsql
as $$
declare
  lim integer;
  n integer;
begin
  if current_user not in ('anon', 'authenticated') then return new; end if;
  perform pg_advisory_xact_lock(hashtext('public.connection_requests'), hashtext(coalesce(auth.uid()::text, '')));
  lim := public.feature_limit('connect_anything_custom');
  if lim is null then return new; end if;
  select count(*) into n from public.connection_requests r
  where r.user_id = auth.uid() and r.created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc';
  if n >= lim then
    raise exception 'The plan''s monthly Connection Planner requests are used up' using errcode = '42501';
  end if;
  return new;
end
$$;
drop trigger if exists connection_requests_quota on public.connection_requests;
create trigger connection_requests_quota before insert on public.connection_requests
  for each row execute function public.enforce_connection_requests_quota();
