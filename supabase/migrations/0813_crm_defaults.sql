-- Issue 43, after 0810: PostgREST's bulk insert sends null for a key some rows leave out (unless the client asks for
-- `missing=default`), so columns with a default take it when null arrives; and the figures' sync tolerates a
-- statement whose deals changed stage without closing (no month to recount).

create or replace function internal.crm_defaults() returns trigger
language plpgsql set search_path = ''
as $$
begin
  case tg_table_name
    when 'crm_custom_fields' then
      new.options := coalesce(new.options, '{}');
      new.position := coalesce(new.position, 0);
    when 'crm_contacts' then
      new.tags := coalesce(new.tags, '{}');
      new.custom := coalesce(new.custom, '{}'::jsonb);
    when 'crm_stages' then
      new.kind := coalesce(new.kind, 'open');
    when 'crm_deals' then
      new.value := coalesce(new.value, 0);
    when 'crm_activities' then
      new.body := coalesce(new.body, '');
      new.occurred_at := coalesce(new.occurred_at, now());
      new.meta := coalesce(new.meta, '{}'::jsonb);
    when 'crm_saved_views' then
      new.entity := coalesce(new.entity, 'contacts');
      new.filters := coalesce(new.filters, '{}'::jsonb);
  end case;
  return new;
end
$$;

-- named to run before each table's own triggers (alphabetical order): they read these columns
do $$
declare t text;
begin
  foreach t in array array['crm_custom_fields', 'crm_contacts', 'crm_stages', 'crm_deals', 'crm_activities', 'crm_saved_views'] loop
    execute format('drop trigger if exists %I on public.%I', t || '_0_defaults', t);
    execute format('create trigger %I before insert or update on public.%I for each row execute function internal.crm_defaults()',
                   t || '_0_defaults', t);
  end loop;
end
$$;

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
  foreach m in array coalesce((select array_agg(distinct date_trunc('month', x)::date) from unnest(months) x where x is not null), '{}') loop
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
