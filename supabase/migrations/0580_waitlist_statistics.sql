-- Issue 16 (docs/decisions/0104, as migration 0550 for analytics events): what re-analysing the waitlist costs.
-- PGlite has one backend, so its maintenance (docs/decisions/0103) runs in the request path, and with 45,000 rows
-- `analyze public.ebook_subscribers` took 83-105 ms: a 30,000-row sample whose names, addresses and lower(email)
-- index expression are sorted for histograms. Every request waited behind it, GET /api/health included (its p99
-- beside saturating sign-ins was 41 ms in one bench run where the idle server's was 3 ms). Nothing here needs more
-- than a 3,000-row sample: the join reads max(waitlist_position) through its unique index, and the console orders by
-- position or date and filters by status. With these targets: 10-13 ms on the same rows. PostgreSQL's autovacuum
-- analyses in the background, and is cheaper for it too.
alter table public.ebook_subscribers
  alter column id set statistics 10,
  alter column name set statistics 10,
  alter column email set statistics 10,
  alter column status set statistics 10,
  alter column source set statistics 10,
  alter column waitlist_position set statistics 10,
  alter column created_at set statistics 10;
alter index public.ebook_subscribers_email_key alter column 1 set statistics 10;
