-- Dashboard additions: the tools each user put on the builder canvas, and plan/credit requests the operators
-- handle (no payment provider yet). Also the real catalogue counts per category.

-- Builder tools: which catalogue apps a user placed on the canvas (positions live in business_profiles.node_positions).
create table if not exists public.user_tools (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  integration_id text not null references public.integrations (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, integration_id)
);

-- Counts for the insert caps below. SECURITY DEFINER: a policy may not query its own table (42P17).
create or replace function public.my_user_tool_count() returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from public.user_tools t where t.user_id = auth.uid()
$$;

alter table public.user_tools enable row level security;
grant select, insert, delete on public.user_tools to authenticated;
grant all on public.user_tools to service_role;
drop policy if exists user_tools_read on public.user_tools;
create policy user_tools_read on public.user_tools for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
-- A canvas of 40 tools is already more than anyone can read; the cap keeps one account from filling the table.
drop policy if exists user_tools_insert on public.user_tools;
create policy user_tools_insert on public.user_tools for insert to authenticated
  with check (user_id = (select auth.uid())
    and (select public.my_user_tool_count()) < 40);
drop policy if exists user_tools_delete on public.user_tools;
create policy user_tools_delete on public.user_tools for delete to authenticated using (user_id = (select auth.uid()));

-- Plan requests: upgrades, credit top-ups and services asked for from the 'Your Plan' dialog.
create table if not exists public.plan_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  kind text not null check (kind in ('upgrade', 'top_up', 'service')),
  plan_id text references public.plans (id),
  detail text check (char_length(detail) <= 2000),
  status text not null default 'new' check (status in ('new', 'handled')),
  handled_at timestamptz,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  check (kind <> 'upgrade' or plan_id is not null)
);
create index if not exists plan_requests_created_at_idx on public.plan_requests (created_at desc);
create index if not exists plan_requests_user_idx on public.plan_requests (user_id, created_at desc);

-- Same stamping as the other inbox tables: identity, IP and user agent from the server; status always 'new'.
drop trigger if exists plan_requests_stamp on public.plan_requests;
create trigger plan_requests_stamp before insert on public.plan_requests
  for each row execute function public.stamp_request_identity();
drop trigger if exists plan_requests_status on public.plan_requests;
create trigger plan_requests_status before insert on public.plan_requests
  for each row execute function public.stamp_new_inbox_item();

create or replace function public.my_open_plan_request_count() returns integer
language sql stable security definer set search_path = ''
as $$
  select count(*)::integer from public.plan_requests r where r.user_id = auth.uid() and r.status = 'new'
$$;

alter table public.plan_requests enable row level security;
grant select, insert on public.plan_requests to authenticated;
grant update (status, handled_at) on public.plan_requests to authenticated;
grant all on public.plan_requests to service_role;
drop policy if exists plan_requests_read on public.plan_requests;
create policy plan_requests_read on public.plan_requests for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
-- At most 20 open requests per user, so the operators' list cannot be flooded from one account.
drop policy if exists plan_requests_insert on public.plan_requests;
create policy plan_requests_insert on public.plan_requests for insert to authenticated
  with check (user_id = (select auth.uid())
    and (select public.my_open_plan_request_count()) < 20);
drop policy if exists plan_requests_admin_update on public.plan_requests;
create policy plan_requests_admin_update on public.plan_requests for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

revoke execute on function public.my_user_tool_count(), public.my_open_plan_request_count() from public;
grant execute on function public.my_user_tool_count(), public.my_open_plan_request_count() to authenticated, service_role;

-- Real catalogue counts for the Connect Anything category buttons (the specification's counts are marketing
-- figures): {"total": n, "popular": n, "by_category": {"crm": n, ...}}; the buttons sum their categories.
create or replace function public.catalogue_category_counts() returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'total', (select count(*) from public.integrations),
    'popular', (select count(*) from public.integrations where popular),
    'by_category', coalesce((select jsonb_object_agg(c.category, c.n) from
      (select i.category, count(*) as n from public.integrations i group by i.category) c), '{}'::jsonb))
$$;
revoke execute on function public.catalogue_category_counts() from public;
grant execute on function public.catalogue_category_counts() to anon, authenticated, service_role;
