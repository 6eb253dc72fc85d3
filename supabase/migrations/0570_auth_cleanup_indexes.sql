-- Issue 16 (docs/decisions/0106): the accounts service's cleanup (server/src/auth/cleanup.ts, after about one token
-- request in a hundred) deletes what can no longer be used: refresh tokens revoked more than a day ago, flow states,
-- MFA challenges and one-time tokens past their age. No index served those conditions, so each run read every row of
-- auth.refresh_tokens, a table that gains a row per refresh: in the soak, at ~400 refreshes/s, refreshes got slower
-- every minute (p99 13 -> 44 ms in three minutes with refreshes alone on PGlite, PostgreSQL backend CPU per refresh
-- 290 -> 450 µs in two), and on PGlite every other request waited behind the scan. GoTrue has these indexes for the
-- same statements (refresh_tokens_updated_at_idx, flow_state_created_at_idx, mfa_challenge_created_at_idx); the
-- refresh-token one is partial here: only revoked tokens are ever deleted by age, and a token gets its entry once,
-- when it is revoked (that update already writes every index, revoked being in refresh_tokens_session_idx).
create index if not exists refresh_tokens_revoked_updated_at_idx on auth.refresh_tokens (updated_at) where revoked;
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at);
create index if not exists mfa_challenges_created_at_idx on auth.mfa_challenges (created_at);
create index if not exists one_time_tokens_created_at_idx on auth.one_time_tokens (created_at);
