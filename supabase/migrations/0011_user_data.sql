-- Per-user data: sessions, profiles, onboarding answers and preferences, builder connection ideas.
-- Owners read and write only their own rows; admins may read all (support), nobody else sees anything.

-- Remembered-session records ---------------------------------------------------------------------------
create table if not exists public.user_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  session_token text not null unique check (char_length(session_token) between 16 and 512),
  is_remembered boolean not null default false,
  expires_at timestamptz not null default now() + interval '8 hours',
  device_fingerprint text check (char_length(device_fingerprint) <= 32),
  created_at timestamptz not null default now()
);
create index if not exists user_sessions_user_idx on public.user_sessions (user_id);

-- The lifetime is the server's decision (8 hours, or 30 days when remembered), not the browser's.
create or replace function public.user_sessions_lifetime() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.created_at := now();
    end if;
    new.expires_at := least(coalesce(new.expires_at, 'infinity'),
      now() + case when new.is_remembered then interval '30 days' else interval '8 hours' end);
    new.device_fingerprint := left(new.device_fingerprint, 32);
  end if;
  return new;
end
$$;
drop trigger if exists user_sessions_lifetime on public.user_sessions;
create trigger user_sessions_lifetime before insert or update on public.user_sessions
  for each row execute function public.user_sessions_lifetime();

alter table public.user_sessions enable row level security;
grant select, insert, update, delete on public.user_sessions to authenticated;
grant all on public.user_sessions to service_role;
drop policy if exists user_sessions_own on public.user_sessions;
create policy user_sessions_own on public.user_sessions for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- Profiles (created for every new user by the trigger in 0013) -------------------------------------------
create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text check (char_length(first_name) <= 100),
  surname text check (char_length(surname) <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create or replace function public.touch_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

drop trigger if exists profiles_touch on public.profiles;
create trigger profiles_touch before update on public.profiles for each row execute function public.touch_updated_at();

alter table public.profiles enable row level security;
grant select, insert, update on public.profiles to authenticated;
grant all on public.profiles to service_role;
drop policy if exists profiles_read on public.profiles;
create policy profiles_read on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));
drop policy if exists profiles_insert_own on public.profiles;
create policy profiles_insert_own on public.profiles for insert to authenticated with check (id = (select auth.uid()));
drop policy if exists profiles_update_own on public.profiles;
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Business profile: every onboarding answer, preferences, builder layout ---------------------------------
create table if not exists public.business_profiles (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  business_name text check (char_length(business_name) <= 200),
  industry text check (char_length(industry) <= 100),
  business_story text check (char_length(business_story) <= 10000),
  problem_solving text check (char_length(problem_solving) <= 10000),
  product_service text check (char_length(product_service) <= 10000),
  goals text[] not null default '{}'
    check (goals <@ array['revenue', 'leads', 'marketing', 'operations', 'customer', 'digital']),
  business_targets text check (char_length(business_targets) <= 10000),
  marketing_strategy text check (char_length(marketing_strategy) <= 10000),
  sales_strategy text check (char_length(sales_strategy) <= 10000),
  challenges text[] not null default '{}' check (cardinality(challenges) <= 50),
  funding_source text check (char_length(funding_source) <= 100),
  financial_management text check (char_length(financial_management) <= 10000),
  team_size text check (char_length(team_size) <= 100),
  key_metrics text[] not null default '{}'
    check (key_metrics <@ array['revenue', 'customers', 'leads', 'conversion', 'retention', 'costs', 'traffic', 'social', 'profit', 'cashflow']),
  -- {voiceEnabled, theme, defaultView}; defaults from the specification
  preferences jsonb not null default '{"voiceEnabled": true, "theme": "professional", "defaultView": "command-center"}'::jsonb
    check (jsonb_typeof(preferences) = 'object' and pg_column_size(preferences) <= 8192),
  ai_features_enabled boolean not null default true,
  -- dashboard builder: {"<node id>": {"x": 120, "y": 80}, ...}
  node_positions jsonb not null default '{}'::jsonb
    check (jsonb_typeof(node_positions) = 'object' and pg_column_size(node_positions) <= 65536),
  business_stage text not null default 'startup' check (business_stage in ('startup', 'growth', 'established')),
  current_focus text check (char_length(current_focus) <= 10000),
  target_audience text check (char_length(target_audience) <= 10000),
  monthly_revenue text check (char_length(monthly_revenue) <= 100),
  -- wizard step the user last reached (0..5), so onboarding resumes where it was left
  current_step smallint not null default 0 check (current_step between 0 and 5),
  onboarding_completed boolean not null default false,
  onboarding_completed_at timestamptz,
  -- the specification's 8-item completeness, as a rounded percentage, always consistent with the answers
  completeness smallint generated always as (round(100.0 * (
      (coalesce(btrim(business_name), '') <> '')::int + (coalesce(btrim(industry), '') <> '')::int
    + (coalesce(btrim(problem_solving), '') <> '')::int + (cardinality(goals) > 0)::int
    + (coalesce(btrim(business_targets), '') <> '')::int + (coalesce(btrim(funding_source), '') <> '')::int
    + (coalesce(btrim(team_size), '') <> '')::int + (cardinality(key_metrics) > 0)::int) / 8)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

drop trigger if exists business_profiles_touch on public.business_profiles;
create trigger business_profiles_touch before update on public.business_profiles for each row execute function public.touch_updated_at();

alter table public.business_profiles enable row level security;
grant select, insert, update, delete on public.business_profiles to authenticated;
grant all on public.business_profiles to service_role;
drop policy if exists business_profiles_own on public.business_profiles;
create policy business_profiles_own on public.business_profiles for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists business_profiles_admin_read on public.business_profiles;
create policy business_profiles_admin_read on public.business_profiles for select to authenticated using ((select public.is_admin()));

-- Builder connection ideas -------------------------------------------------------------------------------
create table if not exists public.connection_ideas (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  from_tool text not null check (char_length(from_tool) between 1 and 100),
  to_tool text not null check (char_length(to_tool) between 1 and 100),
  idea text not null check (char_length(idea) between 1 and 2000),
  -- canvas positions of the two nodes when the idea was made: {"from": {"x":..,"y":..}, "to": {...}}
  positions jsonb not null default '{}'::jsonb check (jsonb_typeof(positions) = 'object' and pg_column_size(positions) <= 4096),
  created_at timestamptz not null default now()
);
create index if not exists connection_ideas_user_idx on public.connection_ideas (user_id, created_at desc);

alter table public.connection_ideas enable row level security;
grant select, insert, update, delete on public.connection_ideas to authenticated;
grant all on public.connection_ideas to service_role;
drop policy if exists connection_ideas_own on public.connection_ideas;
create policy connection_ideas_own on public.connection_ideas for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists connection_ideas_admin_read on public.connection_ideas;
create policy connection_ideas_admin_read on public.connection_ideas for select to authenticated using ((select public.is_admin()));
