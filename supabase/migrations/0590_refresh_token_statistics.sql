-- Issue 16 (docs/decisions/0104, as 0550 and 0580): what re-analysing refresh tokens costs. On PGlite's one backend
-- the maintenance's `vacuum (analyze) auth.refresh_tokens` took 86 ms in a bench run, most of it the analyse (52-81 ms
-- with 12,000-36,000 tokens: a 30,000-row sample whose random 64-character hashes are sorted for histograms; the
-- vacuum itself 12-17 ms), and every request waited behind it: health's p99 beside saturating sign-ins was 30-41 ms in
-- the runs where it fell inside the measured ten seconds. Tokens are found by hash and session through indexes and
-- deleted by age through a partial one (0570): a 3,000-row sample serves the planner. With these targets: 8-12 ms.
alter table auth.refresh_tokens
  alter column id set statistics 10,
  alter column token_hash set statistics 10,
  alter column user_id set statistics 10,
  alter column session_id set statistics 10,
  alter column parent_hash set statistics 10,
  alter column revoked set statistics 10,
  alter column created_at set statistics 10,
  alter column updated_at set statistics 10;
