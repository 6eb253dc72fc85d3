-- Issue 43: a CRM the coach works on (docs/crm.md, docs/decisions/0195-crm.md). Contacts and companies, a pipeline
-- of deals, an activity timeline, tasks, custom fields and saved views. Every table is the owner's alone (RLS),
-- behind the second factor (0630), and writing new rows needs the plan's `crm` module (every plan has it).
-- Links between records are composite foreign keys (id, user_id): a foreign-key check bypasses RLS, so without the
-- owner in the key a customer could point a deal at another customer's contact by guessing its id.

-- Trigram search (contacts): in its own schema, so its functions are not RPCs. PGlite loads it too (db/pglite.ts).
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

create table if not exists public.crm_companies (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  domain text check (domain is null or length(domain) <= 253),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id)
);
-- an import names companies by name: one company per name (case ignored) per owner
create unique index if not exists crm_companies_name on public.crm_companies (user_id, lower(name));

create table if not exists public.crm_custom_fields (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  key text not null check (key ~ '^[a-z][a-z0-9_]{0,39}$'),
  label text not null check (length(btrim(label)) between 1 and 80),
  type text not null check (type in ('text', 'number', 'date', 'select')),
  options text[] not null default '{}'
    check (cardinality(options) <= 50 and (type = 'select') = (cardinality(options) > 0)),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (user_id, key)
);

create table if not exists public.crm_contacts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  -- stored trimmed and lower-case (the trigger); one contact per address per owner
  email text check (email is null or (length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+$')),
  phone text check (phone is null or length(phone) <= 50),
  company_id uuid,
  source text check (source is null or length(source) <= 100),
  -- stored trimmed, lower-case, without repeats (the trigger)
  tags text[] not null default '{}' check (cardinality(tags) <= 20),
  notes text check (notes is null or length(notes) <= 10000),
  -- { field key: value } for the owner's crm_custom_fields, checked by the trigger against each field's type
  custom jsonb not null default '{}'::jsonb check (jsonb_typeof(custom) = 'object' and length(custom::text) <= 8000),
  -- the latest activity's occurred_at (kept by the activities' trigger)
  last_activity_at timestamptz,
  -- what search matches: name, e-mail, phone, company name and tags in lower case (kept by the trigger)
  search text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (company_id, user_id) references public.crm_companies (id, user_id) on delete set null (company_id)
);
create unique index if not exists crm_contacts_email on public.crm_contacts (user_id, email) where email is not null;
-- keyset pages for each sort of the list (crm_search_contacts)
create index if not exists crm_contacts_by_name on public.crm_contacts (user_id, lower(name), id);
create index if not exists crm_contacts_by_created on public.crm_contacts (user_id, created_at desc, id desc);
create index if not exists crm_contacts_by_activity
  on public.crm_contacts (user_id, coalesce(last_activity_at, '-infinity'::timestamptz) desc, id desc);
create index if not exists crm_contacts_company on public.crm_contacts (company_id) where company_id is not null;
create index if not exists crm_contacts_tags on public.crm_contacts using gin (tags);
create index if not exists crm_contacts_search on public.crm_contacts using gin (search extensions.gin_trgm_ops);

create table if not exists public.crm_stages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  name text not null check (length(btrim(name)) between 1 and 60),
  position integer not null default 0,
  -- won and lost stages close a deal (closed_at); their deals feed the customers and conversion figures
  kind text not null default 'open' check (kind in ('open', 'won', 'lost')),
  created_at timestamptz not null default now(),
  unique (id, user_id)
);
create index if not exists crm_stages_user on public.crm_stages (user_id, position);

create table if not exists public.crm_deals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  contact_id uuid,
  company_id uuid,
  value numeric(14, 2) not null default 0 check (value >= 0 and value <= 1e12),
  -- the account's currency when the deal was made (business_profiles.currency; the trigger sets it)
  currency text not null default 'GBP' check (currency in ('GBP', 'USD')),
  stage_id uuid not null,
  -- 0, 1, 2… within the stage, top to bottom (kept contiguous by the trigger and crm_move_deal)
  position integer not null default 0,
  expected_close date,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, user_id),
  foreign key (contact_id, user_id) references public.crm_contacts (id, user_id) on delete set null (contact_id),
  foreign key (company_id, user_id) references public.crm_companies (id, user_id) on delete set null (company_id),
  foreign key (stage_id, user_id) references public.crm_stages (id, user_id)
);
create index if not exists crm_deals_board on public.crm_deals (user_id, stage_id, position, id);
create index if not exists crm_deals_contact on public.crm_deals (contact_id) where contact_id is not null;
create index if not exists crm_deals_company on public.crm_deals (company_id) where company_id is not null;
create index if not exists crm_deals_closed on public.crm_deals (user_id, closed_at) where closed_at is not null;

create table if not exists public.crm_activities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  contact_id uuid,
  deal_id uuid,
  -- note, call, email: logged by hand (or by the coach, approved); deal_moved: crm_move_deal; connection_run: a
  -- connection's action (written by the server)
  kind text not null check (kind in ('note', 'call', 'email', 'deal_moved', 'connection_run')),
  body text not null default '' check (length(body) <= 10000),
  occurred_at timestamptz not null default now(),
  meta jsonb not null default '{}'::jsonb check (jsonb_typeof(meta) = 'object' and length(meta::text) <= 4000),
  created_at timestamptz not null default now(),
  check (contact_id is not null or deal_id is not null),
  foreign key (contact_id, user_id) references public.crm_contacts (id, user_id) on delete cascade,
  foreign key (deal_id, user_id) references public.crm_deals (id, user_id) on delete cascade
);
create index if not exists crm_activities_contact on public.crm_activities (contact_id, occurred_at desc) where contact_id is not null;
create index if not exists crm_activities_deal on public.crm_activities (deal_id, occurred_at desc) where deal_id is not null;
create index if not exists crm_activities_user on public.crm_activities (user_id, occurred_at desc);

create table if not exists public.crm_tasks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  due_date date,
  contact_id uuid,
  deal_id uuid,
  done_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (contact_id, user_id) references public.crm_contacts (id, user_id) on delete set null (contact_id),
  foreign key (deal_id, user_id) references public.crm_deals (id, user_id) on delete set null (deal_id)
);
create index if not exists crm_tasks_open on public.crm_tasks (user_id, due_date) where done_at is null;
create index if not exists crm_tasks_contact on public.crm_tasks (contact_id) where contact_id is not null;
create index if not exists crm_tasks_deal on public.crm_tasks (deal_id) where deal_id is not null;

create table if not exists public.crm_saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  name text not null check (length(btrim(name)) between 1 and 80),
  entity text not null default 'contacts' check (entity in ('contacts', 'deals')),
  -- { query?, filters?, sort? } as crm_search_contacts takes them (docs/crm.md); the web owns the shape
  filters jsonb not null default '{}'::jsonb check (jsonb_typeof(filters) = 'object' and length(filters::text) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists crm_saved_views_name on public.crm_saved_views (user_id, entity, lower(name));

-- ---- triggers ---------------------------------------------------------------------------------------------------

create or replace function internal.crm_touch() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

do $$
declare t text;
begin
  foreach t in array array['crm_companies', 'crm_deals', 'crm_tasks', 'crm_saved_views'] loop
    execute format('drop trigger if exists %I on public.%I', t || '_touch', t);
    execute format('create trigger %I before update on public.%I for each row execute function internal.crm_touch()', t || '_touch', t);
  end loop;
end
$$;

-- PostgreSQL 15 has no pg_input_is_valid: a calendar day written YYYY-MM-DD, or false.
create or replace function internal.crm_is_day(v text) returns boolean
language plpgsql immutable set search_path = ''
as $$
begin
  return v ~ '^\d{4}-\d{2}-\d{2}$' and to_char(v::date, 'YYYY-MM-DD') = v;
exception when others then
  return false;
end
$$;

-- Why a contact's custom values do not fit the owner's fields (unknown key, wrong type, not an option), or null.
create or replace function internal.crm_custom_problem(owner uuid, custom jsonb) returns text
language sql stable security definer set search_path = ''
as $$
  select format('custom field %s: %s', e.key, case when f.key is null then 'no such field'
                                               when f.type = 'select' then 'must be one of its options'
                                               else 'must be a ' || f.type end)
  from jsonb_each(custom) e
  left join public.crm_custom_fields f on f.user_id = owner and f.key = e.key
  where jsonb_typeof(e.value) <> 'null' and (f.key is null or not case f.type
    when 'text' then jsonb_typeof(e.value) = 'string' and length(e.value #>> '{}') <= 1000
    when 'number' then jsonb_typeof(e.value) = 'number'
    when 'date' then jsonb_typeof(e.value) = 'string' and internal.crm_is_day(e.value #>> '{}')
    when 'select' then jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') = any (f.options)
  end)
  limit 1
$$;

create or replace function internal.crm_contacts_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  problem text;
  company text;
begin
  new.name := btrim(new.name);
  new.email := nullif(lower(btrim(new.email)), '');
  new.phone := nullif(btrim(new.phone), '');
  new.source := nullif(btrim(new.source), '');
  new.tags := coalesce((select array_agg(t order by first) from (
                  select lower(btrim(x)) as t, min(n) as first from unnest(new.tags) with ordinality u(x, n)
                  where btrim(x) <> '' group by 1) d), '{}');
  if exists (select 1 from unnest(new.tags) t where length(t) > 50) then
    raise exception 'a tag is at most 50 characters' using errcode = '23514';
  end if;
  -- null values remove a field's value
  new.custom := coalesce((select jsonb_object_agg(key, value) from jsonb_each(new.custom) where jsonb_typeof(value) <> 'null'), '{}');
  if new.custom <> '{}'::jsonb and (tg_op = 'INSERT' or new.custom is distinct from old.custom) then
    problem := internal.crm_custom_problem(new.user_id, new.custom);
    if problem is not null then raise exception '%', problem using errcode = '23514'; end if;
  end if;
  if new.company_id is not null then
    select c.name into company from public.crm_companies c where c.id = new.company_id and c.user_id = new.user_id;
  end if;
  new.search := lower(concat_ws(' ', new.name, new.email, new.phone, company, array_to_string(new.tags, ' ')));
  if tg_op = 'UPDATE' then new.updated_at := now(); end if;
  return new;
end
$$;
drop trigger if exists crm_contacts_before_write on public.crm_contacts;
create trigger crm_contacts_before_write before insert or update on public.crm_contacts
  for each row execute function internal.crm_contacts_before_write();

-- A renamed company: its contacts' search text follows.
create or replace function internal.crm_companies_renamed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.crm_contacts set updated_at = updated_at where company_id = new.id and user_id = new.user_id;
  return null;
end
$$;
drop trigger if exists crm_companies_renamed on public.crm_companies;
create trigger crm_companies_renamed after update of name on public.crm_companies
  for each row when (old.name is distinct from new.name) execute function internal.crm_companies_renamed();

-- The owner's default pipeline, made on first use (crm_board, or a deal made before the board was opened).
create or replace function internal.crm_ensure_pipeline(owner uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('crm_pipeline'), hashtext(owner::text));
  if not exists (select 1 from public.crm_stages s where s.user_id = owner) then
    insert into public.crm_stages (user_id, name, position, kind)
    values (owner, 'Lead', 0, 'open'), (owner, 'Qualified', 1, 'open'), (owner, 'Proposal', 2, 'open'),
           (owner, 'Won', 3, 'won'), (owner, 'Lost', 4, 'lost');
  end if;
end
$$;

create or replace function internal.crm_stages_before_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if pg_trigger_depth() = 1 then
    new.position := coalesce((select max(s.position) + 1 from public.crm_stages s where s.user_id = new.user_id), 0);
  end if;
  new.name := btrim(new.name);
  return new;
end
$$;
drop trigger if exists crm_stages_before_insert on public.crm_stages;
create trigger crm_stages_before_insert before insert on public.crm_stages
  for each row execute function internal.crm_stages_before_insert();

-- A deal: the account's currency, the first open stage when none is named, the end of its stage, and closed_at
-- from its stage's kind. Positions change only through crm_move_deal (no update grant on stage_id or position).
create or replace function internal.crm_deals_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare stage_kind text;
begin
  if tg_op = 'INSERT' then
    perform pg_advisory_xact_lock(hashtext('crm_pipeline'), hashtext(new.user_id::text));
    new.currency := coalesce((select b.currency from public.business_profiles b where b.user_id = new.user_id), 'GBP');
    if new.stage_id is null then
      perform internal.crm_ensure_pipeline(new.user_id);
      select s.id into new.stage_id from public.crm_stages s
       where s.user_id = new.user_id order by (s.kind = 'open') desc, s.position, s.id limit 1;
    end if;
    new.position := coalesce((select max(d.position) + 1 from public.crm_deals d
                               where d.user_id = new.user_id and d.stage_id = new.stage_id), 0);
  end if;
  if tg_op = 'INSERT' or new.stage_id is distinct from old.stage_id then
    select s.kind into stage_kind from public.crm_stages s where s.id = new.stage_id and s.user_id = new.user_id;
    new.closed_at := case when stage_kind in ('won', 'lost') then coalesce(case when tg_op = 'UPDATE' then
                       (select old.closed_at from public.crm_stages o where o.id = old.stage_id and o.kind = stage_kind) end, now())
                     end;
  end if;
  new.title := btrim(new.title);
  return new;
end
$$;
drop trigger if exists crm_deals_before_write on public.crm_deals;
create trigger crm_deals_before_write before insert or update on public.crm_deals
  for each row execute function internal.crm_deals_before_write();

-- Deals deleted: the rest of their stages close up (once a statement: an account's deletion removes thousands).
create or replace function internal.crm_deals_after_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.crm_deals d set position = r.n
    from (select x.id, (row_number() over (partition by x.stage_id order by x.position, x.id) - 1)::integer as n
            from public.crm_deals x
           where (x.user_id, x.stage_id) in (select distinct g.user_id, g.stage_id from gone g)) r
   where d.id = r.id and d.position <> r.n;
  return null;
end
$$;
drop trigger if exists crm_deals_after_delete on public.crm_deals;
create trigger crm_deals_after_delete after delete on public.crm_deals
  referencing old table as gone for each statement execute function internal.crm_deals_after_delete();

-- The contact's last_activity_at is its latest activity's occurred_at.
create or replace function internal.crm_activities_after_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  contact uuid := case when tg_op = 'DELETE' then old.contact_id else new.contact_id end;
  owner uuid := case when tg_op = 'DELETE' then old.user_id else new.user_id end;
begin
  if contact is not null then
    update public.crm_contacts c
       set last_activity_at = (select max(a.occurred_at) from public.crm_activities a where a.contact_id = contact)
     where c.id = contact and c.user_id = owner;
  end if;
  if tg_op = 'UPDATE' and old.contact_id is distinct from new.contact_id and old.contact_id is not null then
    update public.crm_contacts c
       set last_activity_at = (select max(a.occurred_at) from public.crm_activities a where a.contact_id = old.contact_id)
     where c.id = old.contact_id and c.user_id = owner;
  end if;
  return null;
end
$$;
drop trigger if exists crm_activities_after_write on public.crm_activities;
create trigger crm_activities_after_write after insert or update or delete on public.crm_activities
  for each row execute function internal.crm_activities_after_write();

-- ---- pipeline figures → the numbers of issue 42 ------------------------------------------------------------------

alter table public.metric_values drop constraint if exists metric_values_source_check;
alter table public.metric_values add constraint metric_values_source_check
  check (source in ('manual', 'csv', 'stripe', 'connection', 'crm'));

-- One owner's CRM figures for the calendar months (UTC) given, written as metric_values with source 'crm':
-- leads = contacts created in the month; customers = deals won in the month (distinct contacts; a deal without a
-- contact counts once); conversion = won / (won + lost) of the deals closed in the month, in percent (none when
-- nothing closed). A figure the customer entered, imported or had from Stripe for that month is left as it is.
create or replace function internal.crm_sync_metrics(owner uuid, months date[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  m date;
  m_start timestamptz;
  m_end timestamptz;
  leads bigint;
  won bigint;
  lost bigint;
  customers bigint;
begin
  -- the account is being deleted (its rows go with it): nothing to write
  if not exists (select 1 from auth.users u where u.id = owner) then return; end if;
  foreach m in array (select array_agg(distinct date_trunc('month', x)::date) from unnest(months) x where x is not null) loop
    continue when m > current_date;
    m_start := m::timestamp at time zone 'UTC';
    m_end := (m + interval '1 month')::timestamp at time zone 'UTC';
    select count(*) into leads from public.crm_contacts c
     where c.user_id = owner and c.created_at >= m_start and c.created_at < m_end;
    select count(*) filter (where s.kind = 'won'), count(*) filter (where s.kind = 'lost'),
           count(distinct coalesce(d.contact_id, d.id)) filter (where s.kind = 'won')
      into won, lost, customers
      from public.crm_deals d join public.crm_stages s on s.id = d.stage_id
     where d.user_id = owner and d.closed_at >= m_start and d.closed_at < m_end;
    insert into public.metric_values as v (user_id, metric_id, period, period_start, value, source)
    select owner, f.metric, 'month', m, f.value, 'crm'
      from (values ('leads', leads::numeric), ('customers', customers::numeric),
                   ('conversion', case when won + lost > 0 then round(100.0 * won / (won + lost), 2) end)) f(metric, value)
     where f.value is not null
    on conflict (user_id, metric_id, period, period_start)
      do update set value = excluded.value where v.source = 'crm' and v.value <> excluded.value;
    if won + lost = 0 then
      delete from public.metric_values v
       where v.user_id = owner and v.metric_id = 'conversion' and v.period = 'month' and v.period_start = m and v.source = 'crm';
    end if;
  end loop;
end
$$;

-- Statement triggers: a 10,000-row import recounts its month once.
create or replace function internal.crm_contacts_metrics() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare r record;
begin
  if tg_op = 'INSERT' then
    for r in select user_id, array_agg(distinct (created_at at time zone 'UTC')::date) as months from changed group by user_id loop
      perform internal.crm_sync_metrics(r.user_id, r.months);
    end loop;
  else
    for r in select user_id, array_agg(distinct (created_at at time zone 'UTC')::date) as months from gone group by user_id loop
      perform internal.crm_sync_metrics(r.user_id, r.months);
    end loop;
  end if;
  return null;
end
$$;
drop trigger if exists crm_contacts_metrics_insert on public.crm_contacts;
create trigger crm_contacts_metrics_insert after insert on public.crm_contacts
  referencing new table as changed for each statement execute function internal.crm_contacts_metrics();
drop trigger if exists crm_contacts_metrics_delete on public.crm_contacts;
create trigger crm_contacts_metrics_delete after delete on public.crm_contacts
  referencing old table as gone for each statement execute function internal.crm_contacts_metrics();

create or replace function internal.crm_deals_metrics() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare r record;
begin
  if tg_op = 'INSERT' then
    for r in select user_id, array_agg(distinct (closed_at at time zone 'UTC')::date) as months from changed where closed_at is not null group by user_id loop
      perform internal.crm_sync_metrics(r.user_id, r.months);
    end loop;
  elsif tg_op = 'DELETE' then
    for r in select user_id, array_agg(distinct (closed_at at time zone 'UTC')::date) as months from gone where closed_at is not null group by user_id loop
      perform internal.crm_sync_metrics(r.user_id, r.months);
    end loop;
  else
    for r in select c.user_id, array_agg(distinct m) as months
               from changed c join gone g on g.id = c.id,
                    lateral unnest(array[(c.closed_at at time zone 'UTC')::date, (g.closed_at at time zone 'UTC')::date]) m
              where c.closed_at is distinct from g.closed_at or c.stage_id is distinct from g.stage_id
              group by c.user_id loop
      perform internal.crm_sync_metrics(r.user_id, r.months);
    end loop;
  end if;
  return null;
end
$$;
drop trigger if exists crm_deals_metrics_insert on public.crm_deals;
create trigger crm_deals_metrics_insert after insert on public.crm_deals
  referencing new table as changed for each statement execute function internal.crm_deals_metrics();
drop trigger if exists crm_deals_metrics_update on public.crm_deals;
create trigger crm_deals_metrics_update after update on public.crm_deals
  referencing new table as changed old table as gone for each statement execute function internal.crm_deals_metrics();
drop trigger if exists crm_deals_metrics_delete on public.crm_deals;
create trigger crm_deals_metrics_delete after delete on public.crm_deals
  referencing old table as gone for each statement execute function internal.crm_deals_metrics();

-- ---- grants and policies ------------------------------------------------------------------------------------------

alter table public.crm_companies enable row level security;
alter table public.crm_custom_fields enable row level security;
alter table public.crm_contacts enable row level security;
alter table public.crm_stages enable row level security;
alter table public.crm_deals enable row level security;
alter table public.crm_activities enable row level security;
alter table public.crm_tasks enable row level security;
alter table public.crm_saved_views enable row level security;

-- Columns the browser may set; the rest are the triggers' and functions' (search, positions, currency, closed_at…).
grant select, delete on public.crm_companies, public.crm_custom_fields, public.crm_contacts, public.crm_deals,
  public.crm_activities, public.crm_tasks, public.crm_saved_views to authenticated;
grant select on public.crm_stages to authenticated;
grant insert (name, domain), update (name, domain) on public.crm_companies to authenticated;
grant insert (key, label, type, options, position), update (label, options, position) on public.crm_custom_fields to authenticated;
grant insert (name, email, phone, company_id, source, tags, notes, custom),
      update (name, email, phone, company_id, source, tags, notes, custom) on public.crm_contacts to authenticated;
grant insert (name, kind), update (name) on public.crm_stages to authenticated;
grant insert (title, contact_id, company_id, value, stage_id, expected_close),
      update (title, contact_id, company_id, value, expected_close) on public.crm_deals to authenticated;
grant insert (contact_id, deal_id, kind, body, occurred_at), update (body, occurred_at) on public.crm_activities to authenticated;
grant insert (title, due_date, contact_id, deal_id, done_at), update (title, due_date, contact_id, deal_id, done_at)
  on public.crm_tasks to authenticated;
grant insert (name, entity, filters), update (name, filters) on public.crm_saved_views to authenticated;
grant all on public.crm_companies, public.crm_custom_fields, public.crm_contacts, public.crm_stages, public.crm_deals,
  public.crm_activities, public.crm_tasks, public.crm_saved_views to service_role;

do $$
declare t text;
begin
  foreach t in array array['crm_companies', 'crm_custom_fields', 'crm_contacts', 'crm_stages', 'crm_deals',
                           'crm_activities', 'crm_tasks', 'crm_saved_views'] loop
    execute format('drop policy if exists %I on public.%I', t || '_read', t);
    execute format('create policy %I on public.%I for select to authenticated using (user_id = (select auth.uid()))', t || '_read', t);
    execute format('drop policy if exists %I on public.%I', t || '_delete', t);
    if t <> 'crm_stages' then
      execute format('create policy %I on public.%I for delete to authenticated using (user_id = (select auth.uid()))', t || '_delete', t);
    end if;
    execute format('drop policy if exists %I on public.%I', t || '_update', t);
    execute format('create policy %I on public.%I for update to authenticated using (user_id = (select auth.uid()))
                      with check (user_id = (select auth.uid()))', t || '_update', t);
    -- new records need the plan's crm module (in every plan; none without a live plan)
    execute format('drop policy if exists %I on public.%I', t || '_insert', t);
    execute format('create policy %I on public.%I for insert to authenticated
                      with check (user_id = (select auth.uid()) and (select public.has_feature(''crm''))%s)', t || '_insert', t,
                   case t when 'crm_activities' then ' and kind in (''note'', ''call'', ''email'')' else '' end);
    -- 0630: nothing at aal1 when the user has a verified factor
    execute format('drop policy if exists mfa_required on public.%I', t);
    execute format('create policy mfa_required on public.%I as restrictive for all to authenticated
                      using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()))', t);
  end loop;
end
$$;

-- The timeline's automatic entries (deal moves, connection runs) are a record: only hand-logged ones are edited.
drop policy if exists crm_activities_update on public.crm_activities;
create policy crm_activities_update on public.crm_activities for update to authenticated
  using (user_id = (select auth.uid()) and kind in ('note', 'call', 'email'))
  with check (user_id = (select auth.uid()) and kind in ('note', 'call', 'email'));
