-- Issue 43, after 0810 and 0813: a 10,000-row import spent most of its time in the contacts' row triggers. The
-- common rows (no tags, no custom values) now skip the set work, and the contacts' defaults are filled here rather
-- than by a second trigger per row.

create or replace function internal.crm_contacts_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  problem text;
  company text;
begin
  -- a bulk insert sends null for a key some rows leave out (0813); this trigger fills those defaults for contacts
  new.tags := coalesce(new.tags, '{}');
  new.custom := coalesce(new.custom, '{}'::jsonb);
  new.name := btrim(new.name);
  new.email := nullif(lower(btrim(new.email)), '');
  new.phone := nullif(btrim(new.phone), '');
  new.source := nullif(btrim(new.source), '');
  -- the common cases (no tags, no custom values) skip the set work
  if cardinality(new.tags) > 0 then
    new.tags := coalesce((select array_agg(t order by first) from (
                    select lower(btrim(x)) as t, min(n) as first from unnest(new.tags) with ordinality u(x, n)
                    where btrim(x) <> '' group by 1) d), '{}');
    if exists (select 1 from unnest(new.tags) t where length(t) > 50) then
      raise exception 'a tag is at most 50 characters' using errcode = '23514';
    end if;
  end if;
  if new.custom <> '{}'::jsonb then
    -- null values remove a field's value
    new.custom := coalesce((select jsonb_object_agg(key, value) from jsonb_each(new.custom) where jsonb_typeof(value) <> 'null'), '{}');
    if new.custom <> '{}'::jsonb and (tg_op = 'INSERT' or new.custom is distinct from old.custom) then
      problem := internal.crm_custom_problem(new.user_id, new.custom);
      if problem is not null then raise exception '%', problem using errcode = '23514'; end if;
    end if;
  end if;
  if new.company_id is not null then
    select c.name into company from public.crm_companies c where c.id = new.company_id and c.user_id = new.user_id;
  end if;
  new.search := lower(concat_ws(' ', new.name, new.email, new.phone, company, array_to_string(new.tags, ' ')));
  if tg_op = 'UPDATE' then new.updated_at := now(); end if;
  return new;
end
$$;

drop trigger if exists crm_contacts_0_defaults on public.crm_contacts;
