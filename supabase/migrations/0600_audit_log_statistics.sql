-- Issue 16 (docs/decisions/0108, as 0550 did for analytics): what re-analysing the security log costs. On PGlite's one
-- backend every request waits behind the maintenance's analyse, and the security log grows by a row per sign-in:
-- `analyze public.security_audit_log` took 58 ms with 9,000 rows at the default target and still 21-80 ms from a
-- 3,000-row sample, most of it detoasting and comparing the jsonb details for statistics no query uses. The operators'
-- console filters on severity, source, event type and time (and counts failed sign-ins by type and day); nothing
-- filters on the details, the user agent or the address as whole values. Without statistics for those three: 11-16 ms.
alter table public.security_audit_log
  alter column event_details set statistics 0,
  alter column user_agent set statistics 0,
  alter column ip_address set statistics 0;
