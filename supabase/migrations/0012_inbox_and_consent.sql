-- What visitors and users send us: integration requests, custom connection requests, contact messages,
-- cookie-consent records. Submitters insert (user id, IP and user agent stamped by the server), owners read
-- their own, admins read all and mark items handled. Nobody edits or deletes through the API but admins.

create table if not exists public.integration_requests (
  id uuid primary key default gen_random_uuid(),
  service_name text not null check (char_length(btrim(service_name)) between 1 and 200),
  description text not null check (char_length(btrim(description)) between 1 and 10000),
  use_case text not null check (char_length(btrim(use_case)) between 1 and 10000),
  contact_email text check (char_length(contact_email) <= 320),
  status text not null default 'new' check (status in ('new', 'handled')),
  handled_at timestamptz,
  user_id uuid references auth.users (id) on delete set null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);

-- The Connection Planner (plan feature connect_anything_custom; the insert policy in 0014 checks the plan).
create table if not exists public.connection_requests (
  id uuid primary key default gen_random_uuid(),
  source_app text not null check (char_length(btrim(source_app)) between 1 and 200),
  target_app text not null check (char_length(btrim(target_app)) between 1 and 200),
  description text not null check (char_length(btrim(description)) between 1 and 10000),
  status text not null default 'new' check (status in ('new', 'handled')),
  handled_at timestamptz,
  user_id uuid references auth.users (id) on delete set null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);

create table if not exists public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text check (char_length(subject) <= 300),
  message text not null check (char_length(btrim(message)) between 1 and 10000),
  status text not null default 'new' check (status in ('new', 'handled')),
  handled_at timestamptz,
  user_id uuid references auth.users (id) on delete set null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);

-- Proof of what a visitor agreed to (the browser keeps the working copy under the cookie-consent key).
create table if not exists public.consent_records (
  id uuid primary key default gen_random_uuid(),
  necessary boolean not null default true check (necessary),
  performance boolean not null default false,
  functional boolean not null default false,
  targeting boolean not null default false,
  accepted boolean not null default true,
  consent_version text not null default '1' check (char_length(consent_version) <= 20),
  user_id uuid references auth.users (id) on delete set null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now()
);

-- Submitters cannot pick a status or handled time either.
create or replace function public.stamp_new_inbox_item() returns trigger
language plpgsql
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.status := 'new';
    new.handled_at := null;
    new.created_at := now();
  end if;
  return new;
end
$$;

do $$
declare t text;
begin
  foreach t in array array['integration_requests', 'connection_requests', 'contact_messages', 'consent_records'] loop
    execute format('create index if not exists %I on public.%I (created_at desc)', t || '_created_at_idx', t);
    execute format('create index if not exists %I on public.%I (user_id)', t || '_user_idx', t);
    execute format('drop trigger if exists %I on public.%I', t || '_stamp', t);
    execute format('create trigger %I before insert on public.%I for each row execute function public.stamp_request_identity()', t || '_stamp', t);
    if t <> 'consent_records' then
      execute format('drop trigger if exists %I on public.%I', t || '_status', t);
      execute format('create trigger %I before insert on public.%I for each row execute function public.stamp_new_inbox_item()', t || '_status', t);
    end if;
    execute format('alter table public.%I enable row level security', t);
    execute format('grant insert on public.%I to anon, authenticated', t);
    execute format('grant select on public.%I to authenticated', t);
    execute format('grant all on public.%I to service_role', t);
    execute format('drop policy if exists %I on public.%I', t || '_read', t);
    execute format('create policy %I on public.%I for select to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()))', t || '_read', t);
  end loop;
end
$$;

-- Anyone may submit these three; connection_requests gets its plan-gated insert policy in 0014.
drop policy if exists integration_requests_insert on public.integration_requests;
create policy integration_requests_insert on public.integration_requests for insert to anon, authenticated with check (true);
drop policy if exists contact_messages_insert on public.contact_messages;
create policy contact_messages_insert on public.contact_messages for insert to anon, authenticated with check (true);
drop policy if exists consent_records_insert on public.consent_records;
create policy consent_records_insert on public.consent_records for insert to anon, authenticated with check (true);

-- Admins mark inbox items handled through public.mark_inbox_item_handled (0015); no direct updates.
