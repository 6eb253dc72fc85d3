-- The Connect Anything catalogue: readable by everyone, written only by the service role.
-- The 12 built-in items (builtin = true) cover the specification's categories crm, analytics, marketing,
-- communication, ecommerce, finance, automation, ai and productivity; the rest are real, well-known apps so every
-- category button (packages/shared/src/integrations.ts) has entries. Ratings and connection counts are indicative.

create table if not exists public.integrations (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text not null check (char_length(name) between 1 and 100),
  description text not null check (char_length(description) between 1 and 500),
  category text not null check (category in ('crm', 'analytics', 'marketing', 'communication', 'ecommerce', 'finance',
    'automation', 'ai', 'productivity', 'business', 'content', 'storage', 'cloud', 'security')),
  icon text not null,
  rating numeric(2, 1) not null check (rating between 0 and 5),
  connections integer not null default 0 check (connections >= 0),
  popular boolean not null default false,
  actions text[] not null check (cardinality(actions) = 4),
  website text,
  builtin boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists integrations_category_idx on public.integrations (category, name);
create index if not exists integrations_popular_idx on public.integrations (popular) where popular;

alter table public.integrations enable row level security;
grant select on public.integrations to anon, authenticated;
grant all on public.integrations to service_role;
drop policy if exists integrations_read on public.integrations;
create policy integrations_read on public.integrations for select to anon, authenticated using (true);

-- its rows are seed data: supabase/seed.sql (docs/decisions/0174)
