-- Issue 16: a new session in one statement, as migration 0540 did for the refresh grant. Starting a session was
-- nine statements (session, AMR, refresh token, identity and user stamps, then AMR, identities and factors read back
-- for the answer) plus BEGIN and COMMIT. On PGlite, whose one connection a transaction holds from BEGIN to COMMIT,
-- every other request waited out those eleven exchanges with the worker thread, each waiting in turn for the event
-- loop (docs/decisions/0105).
-- The semantics are those of server/src/auth/sessions.ts startSession before this: an aal1 session, the method's AMR
-- claim, a first refresh token (the server makes it and sends only its SHA-256), last_sign_in_at stamped on the user
-- and on the e-mail identity. Answers what refresh_grant answers: {"user", "session", "amr", "identities", "factors"}.
create or replace function auth.start_session(
  p_user_id uuid,
  p_method text,
  p_token_hash text,
  p_user_agent text,
  p_ip text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  u auth.users%rowtype;
  s auth.sessions%rowtype;
begin
  insert into auth.sessions (user_id, user_agent, ip, refreshed_at) values (p_user_id, p_user_agent, p_ip, now()) returning * into s;
  insert into auth.mfa_amr_claims (session_id, authentication_method) values (s.id, p_method)
    on conflict (session_id, authentication_method) do update set updated_at = now();
  insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values (p_token_hash, p_user_id, s.id, null);
  update auth.identities set last_sign_in_at = now() where user_id = p_user_id and provider = 'email';
  update auth.users set last_sign_in_at = now() where id = p_user_id returning * into u;
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
revoke execute on function auth.start_session(uuid, text, text, text, text) from public;
