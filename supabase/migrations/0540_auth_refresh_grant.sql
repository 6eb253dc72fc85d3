-- Issue 16: the refresh_token grant in one statement. The accounts service used to run it as eleven round trips
-- (token, user, session, revoke, insert, session update, AMR, identities, factors, BEGIN, COMMIT), each parsed and
-- planned anew: ~2.5 ms of backend CPU and as much of server CPU per refresh. plpgsql caches its plans per
-- connection, and the server sends one call. The semantics are those of server/src/auth/sessions.ts before this
-- (docs/decisions/0005 and 0065): rotation, reuse within p_reuse_interval seconds gets a new child, a later reuse
-- deletes the session (its tokens go with it), and GoTrue's session not_after.
--
-- Answers one jsonb: {"error": code} (nothing written), {"reused": {user_id, session_id}} (session deleted), or
-- {"user", "session", "amr", "identities", "factors"}: what the access token and the User object are built from.
-- The child token is made by the server, which sends only its SHA-256 (p_child_hash).
create or replace function auth.refresh_grant(
  p_token_hash text,
  p_child_hash text,
  p_reuse_interval float8,
  p_user_agent text,
  p_ip text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  t auth.refresh_tokens%rowtype;
  u auth.users%rowtype;
  s auth.sessions%rowtype;
begin
  select * into t from auth.refresh_tokens where token_hash = p_token_hash for update;
  if not found then
    return jsonb_build_object('error', 'refresh_token_not_found');
  end if;
  select * into u from auth.users where id = t.user_id;
  if not found then
    return jsonb_build_object('error', 'refresh_token_not_found');
  end if;
  if u.banned_until is not null and u.banned_until > now() then
    return jsonb_build_object('error', 'user_banned');
  end if;
  select * into s from auth.sessions where id = t.session_id for update;
  if not found then
    return jsonb_build_object('error', 'session_not_found');
  end if;
  if s.not_after is not null and s.not_after <= now() then
    return jsonb_build_object('error', 'session_expired');
  end if;
  if t.revoked and extract(epoch from now() - t.updated_at)::float8 > p_reuse_interval then
    delete from auth.sessions where id = s.id;
    return jsonb_build_object('reused', jsonb_build_object('user_id', u.id, 'session_id', s.id));
  end if;
  if not t.revoked then
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = t.id;
  end if;
  insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values (p_child_hash, u.id, s.id, t.token_hash);
  update auth.sessions set refreshed_at = now(), updated_at = now(), user_agent = p_user_agent, ip = p_ip where id = s.id;
  return jsonb_build_object(
    'user', to_jsonb(u) - 'encrypted_password',
    'session', jsonb_build_object('id', s.id, 'user_id', s.user_id, 'aal', s.aal),
    'amr', coalesce((
      select jsonb_agg(jsonb_build_object('method', a.authentication_method, 'timestamp', floor(extract(epoch from a.updated_at)))
                       order by a.updated_at desc)
      from auth.mfa_amr_claims a where a.session_id = s.id), '[]'::jsonb),
    'identities', coalesce((
      select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb),
    'factors', coalesce((
      select jsonb_agg(to_jsonb(f) - 'secret' order by f.created_at) from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb)
  );
end
$$;

-- The server (table owner) only: it is the accounts service's own step, never an API.
revoke execute on function auth.refresh_grant(text, text, float8, text, text) from public;
