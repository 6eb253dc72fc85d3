-- Issue 12 items 1-2: admin rights and writes are decided from the database now, not from the JWT alone.
-- A token stays valid until it expires (JWT_EXPIRY), but sign-out deletes its session row, the service role can
-- remove the admin role or ban the user at any moment: those rows, not the claims, decide. See
-- docs/security/sec-admin.md and docs/decisions/0031-live-admin-checks.md.

-- A text claim as a uuid, or null (a malformed claim is never a cast error, just "no such row").
create or replace function auth.claim_uuid(p text) returns uuid
language sql immutable
as $$
  select case when p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p::uuid end
$$;

-- Why this caller's request must be refused now, or null when it may go on: the user exists, is not deleted or
-- banned, and the token's session row is still there and not past not_after. With p_admin, also the admin role as
-- stored now, and aal2 on the session when the user has a verified factor. The one definition of "live" and of
-- "live admin": is_admin() and require_live_writer() below and the server's admin guard all call it.
-- plpgsql, not sql: plpgsql caches its query plan per connection, while a non-inlined SQL function is planned on
-- every call (72 instead of 546 us per call on PostgreSQL, docs/security/sec-admin.md).
create or replace function auth.caller_refusal(p_user_id text, p_session_id text, p_admin boolean) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare why text;
begin
  select case
    when u.id is null or u.deleted_at is not null then 'user_not_found'
    when u.banned_until is not null and u.banned_until > now() then 'user_banned'
    when p_admin and coalesce(u.raw_app_meta_data ->> 'role', '') <> 'admin' then 'not_admin'
    when s.id is null then 'session_not_found'
    when s.not_after is not null and s.not_after <= now() then 'session_expired'
    when not p_admin then null
    when s.aal not in ('aal2', 'aal3')
         and exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') then 'aal2_required'
  end
  into why
  from (select auth.claim_uuid(p_user_id) as uid, auth.claim_uuid(p_session_id) as sid) k
  left join auth.users u on u.id = k.uid
  left join auth.sessions s on s.id = k.sid and s.user_id = k.uid;
  return why;
end
$$;

revoke execute on function auth.caller_refusal(text, text, boolean) from public;
grant execute on function auth.caller_refusal(text, text, boolean) to anon, authenticated, service_role;

-- Admins: the service role, or a caller whose token claims the admin role AND who is a live admin in the database.
-- The claim is checked first, so everyone else pays no lookup (every policy calls it as an initplan, once a query).
create or replace function public.is_admin() returns boolean
language sql stable
as $$
  select auth.role() = 'service_role'
      or (coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') = 'admin'
          and auth.caller_refusal(auth.jwt() ->> 'sub', auth.jwt() ->> 'session_id', true) is null)
$$;

-- /rest/v1 writes (server/src/rest/execute.ts) as a signed-in user: refused with 42501 (HTTP 403) when the user is
-- banned or deleted, or the session was signed out, whatever the token says.
create or replace function auth.require_live_writer(p_user_id text, p_session_id text) returns void
language plpgsql stable
as $$
declare why text := auth.caller_refusal(p_user_id, p_session_id, false);
begin
  if why = 'user_banned' then
    raise exception 'User is banned' using errcode = '42501', hint = 'A banned account cannot change data.';
  elsif why is not null then
    raise exception 'Session has ended' using errcode = '42501', detail = why, hint = 'Sign in again.';
  end if;
end
$$;
revoke execute on function auth.require_live_writer(text, text) from public;
grant execute on function auth.require_live_writer(text, text) to authenticated, service_role;
