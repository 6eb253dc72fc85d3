-- Issue 42: revenue and customers read from the customer's own Stripe account with a restricted (read-only) key.
-- The key is kept encrypted with a server key (server/src/metrics/secret-box.ts, docs/metrics-stripe.md); the
-- browser can read only the hint and the sync state, never the ciphertext. Only the server writes rows.
create table if not exists public.stripe_metric_sources (
  user_id uuid primary key references auth.users (id) on delete cascade default auth.uid(),
  key_ciphertext text not null check (char_length(key_ciphertext) <= 2000),
  key_hint text not null check (char_length(key_hint) <= 40),
  status text not null default 'connected' check (status in ('connected', 'failed')),
  last_synced_at timestamptz,
  last_error text check (char_length(last_error) <= 500),
  created_at timestamptz not null default now()
);

alter table public.stripe_metric_sources enable row level security;
grant select (user_id, key_hint, status, last_synced_at, last_error, created_at) on public.stripe_metric_sources to authenticated;
grant delete on public.stripe_metric_sources to authenticated;
grant all on public.stripe_metric_sources to service_role;
drop policy if exists stripe_metric_sources_own on public.stripe_metric_sources;
create policy stripe_metric_sources_own on public.stripe_metric_sources for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists mfa_required on public.stripe_metric_sources;
create policy mfa_required on public.stripe_metric_sources as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));
