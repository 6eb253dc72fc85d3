-- Issue 16 (docs/decisions/0104): what re-analysing analytics_events costs. PGlite has one backend, so its
-- maintenance (docs/decisions/0103) runs in the request path: in the soak, `analyze public.analytics_events` took
-- 380-480 ms of every 30 s run, and every request waited behind it. Most of that was sampling 30,000 rows and
-- detoasting their jsonb payloads for statistics no query uses: nothing filters or groups on event_data, user_agent
-- or ip_address as whole values (the console reads event_data ->> 'page_path', for which column statistics do not
-- help). The columns queries do filter on (created_at ranges, event_type, user_id, session_id) keep statistics, from a
-- 3,000-row sample: enough for two or three event types and a time histogram. On 500,000 rows in PGlite: 640-875 ms
-- to 30 ms. PostgreSQL's autovacuum analyses in the background, and is cheaper for it too.
alter table public.analytics_events
  alter column event_data set statistics 0,
  alter column user_agent set statistics 0,
  alter column ip_address set statistics 0,
  alter column id set statistics 10,
  alter column event_type set statistics 10,
  alter column user_id set statistics 10,
  alter column session_id set statistics 10,
  alter column created_at set statistics 10;
