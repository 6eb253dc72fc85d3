-- Issue 40: the Connections screen shows "N of LIMIT runs this month". The month's counter
-- (internal.connection_run_usage, migration 0780) is the one the limit is enforced on, and no browser role can read
-- that schema; counting connection_runs instead would forget the runs of a deleted connection. This gives the caller
-- their own count only (the refusals stay operator-side).
create or replace function public.connection_runs_this_month() returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select u.runs from internal.connection_run_usage u
     where u.user_id = auth.uid()
       and u.month = (date_trunc('month', now() at time zone 'UTC'))::date
       and auth.mfa_satisfied()
  ), 0)
$$;
revoke execute on function public.connection_runs_this_month() from public, anon;
grant execute on function public.connection_runs_this_month() to authenticated, service_role;
