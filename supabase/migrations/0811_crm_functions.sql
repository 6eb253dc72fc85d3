-- Issue 43: the CRM's functions the web and the coach call through /rest/v1/rpc (docs/crm.md lists each with its
-- arguments, answer and errors). Errors: PT404 (404) for a record that is not the caller's, 22023 (400) for a bad
-- argument, PT409 (409) for a change the pipeline cannot take. Functions that bypass RLS (security definer) filter
-- on auth.uid() themselves and see nothing at aal1 when the caller has a verified factor (0630).

-- The WHERE conditions of a contact list for a search text and filters, with every value quoted as a literal (so
-- the planner sees them: the trigram index needs the pattern). Raises 22023 for a filter it does not know.
create or replace function internal.crm_contact_where(p_query text, p_filters jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  cond text := '';
  w text;
  k text;
  v jsonb;
begin
  if length(coalesce(p_query, '')) > 200 then
    raise exception 'search is at most 200 characters' using errcode = '22023';
  end if;
  -- each word (at most 8) must appear somewhere in the name, e-mail, phone, company or tags, case ignored
  for w in select distinct x from regexp_split_to_table(lower(btrim(coalesce(p_query, ''))), '\s+') x where x <> '' limit 8 loop
    cond := cond || format(' and c.search like %L', '%' || replace(replace(replace(w, '\', '\\'), '%', '\%'), '_', '\_') || '%');
  end loop;
  if p_filters is null or p_filters = 'null'::jsonb then return cond; end if;
  if jsonb_typeof(p_filters) <> 'object' then
    raise exception 'filters must be an object' using errcode = '22023';
  end if;
  for k, v in select key, value from jsonb_each(p_filters) loop
    continue when jsonb_typeof(v) = 'null';
    case k
      when 'tags' then
        if jsonb_typeof(v) <> 'array' or jsonb_array_length(v) > 20 or exists (select 1 from jsonb_array_elements(v) e where jsonb_typeof(e) <> 'string') then
          raise exception 'filter tags must be a list of at most 20 tags' using errcode = '22023';
        end if;
        cond := cond || format(' and c.tags @> %L::text[]', (select coalesce(array_agg(lower(btrim(e))), '{}') from jsonb_array_elements_text(v) e));
      when 'company_id' then cond := cond || format(' and c.company_id = %L::uuid', v #>> '{}');
      when 'stage_id' then
        cond := cond || format(' and exists (select 1 from public.crm_deals d where d.contact_id = c.id and d.user_id = c.user_id and d.stage_id = %L::uuid)', v #>> '{}');
      when 'source' then cond := cond || format(' and lower(c.source) = lower(%L)', v #>> '{}');
      when 'created_from' then cond := cond || format(' and c.created_at >= (%L::date)::timestamp at time zone ''UTC''', v #>> '{}');
      when 'created_to' then cond := cond || format(' and c.created_at < (%L::date + 1)::timestamp at time zone ''UTC''', v #>> '{}');
      when 'no_activity_since' then
        cond := cond || format(' and (c.last_activity_at is null or c.last_activity_at < (%L::date)::timestamp at time zone ''UTC'')', v #>> '{}');
      when 'has_email' then
        if jsonb_typeof(v) <> 'boolean' then raise exception 'filter has_email must be true or false' using errcode = '22023'; end if;
        cond := cond || case when v::boolean then ' and c.email is not null' else ' and c.email is null' end;
      when 'has_open_deal' then
        if jsonb_typeof(v) <> 'boolean' then raise exception 'filter has_open_deal must be true or false' using errcode = '22023'; end if;
        cond := cond || format(' and %s exists (select 1 from public.crm_deals d where d.contact_id = c.id and d.user_id = c.user_id and d.closed_at is null)',
                               case when v::boolean then '' else 'not' end);
      else
        raise exception 'unknown filter: %', k using errcode = '22023';
    end case;
  end loop;
  return cond;
end
$$;

-- One page of the caller's contacts: search words, filters, a sort, and the page after the last row of the one
-- before (keyset: pass that row's sort_key and id). Sorts: name (A–Z), created (newest first), activity (latest
-- activity first, never-contacted last).
create or replace function public.crm_search_contacts(
  p_query text default '',
  p_filters jsonb default '{}'::jsonb,
  p_sort text default 'name',
  p_limit integer default 50,
  p_after_key text default null,
  p_after_id uuid default null
) returns table (
  id uuid, name text, email text, phone text, company_id uuid, company_name text, source text, tags text[],
  custom jsonb, last_activity_at timestamptz, created_at timestamptz, updated_at timestamptz, sort_key text
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  cond text := internal.crm_contact_where(p_query, p_filters);
  key_expr text;
  order_by text;
  after text := '';
begin
  if uid is null or not auth.mfa_satisfied() then return; end if;
  p_limit := least(greatest(coalesce(p_limit, 50), 1), 200);
  case coalesce(p_sort, 'name')
    when 'name' then
      key_expr := 'lower(c.name)';
      order_by := 'lower(c.name), c.id';
      if p_after_id is not null then after := format(' and (lower(c.name), c.id) > (%L, %L::uuid)', coalesce(p_after_key, ''), p_after_id); end if;
    when 'created' then
      key_expr := 'to_char(c.created_at at time zone ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"'')';
      order_by := 'c.created_at desc, c.id desc';
      if p_after_id is not null then after := format(' and (c.created_at, c.id) < (%L::timestamptz, %L::uuid)', p_after_key, p_after_id); end if;
    when 'activity' then
      key_expr := 'coalesce(to_char(c.last_activity_at at time zone ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"''), ''-infinity'')';
      order_by := 'coalesce(c.last_activity_at, ''-infinity''::timestamptz) desc, c.id desc';
      if p_after_id is not null then
        after := format(' and (coalesce(c.last_activity_at, ''-infinity''::timestamptz), c.id) < (%L::timestamptz, %L::uuid)', p_after_key, p_after_id);
      end if;
    else
      raise exception 'sort must be name, created or activity' using errcode = '22023';
  end case;
  return query execute format(
    'select c.id, c.name, c.email, c.phone, c.company_id, co.name, c.source, c.tags, c.custom, c.last_activity_at,
            c.created_at, c.updated_at, %s
       from (select c.* from public.crm_contacts c where c.user_id = %L%s%s order by %s limit %s) c
       left join public.crm_companies co on co.id = c.company_id and co.user_id = c.user_id
      order by %s',
    key_expr, uid, cond, after, order_by, p_limit, order_by);
end
$$;

-- How many of the caller's contacts a search and filters match (the list's total).
create or replace function public.crm_count_contacts(p_query text default '', p_filters jsonb default '{}'::jsonb)
returns bigint
language plpgsql stable security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  n bigint;
begin
  if uid is null or not auth.mfa_satisfied() then return 0; end if;
  execute format('select count(*) from public.crm_contacts c where c.user_id = %L%s', uid, internal.crm_contact_where(p_query, p_filters)) into n;
  return n;
end
$$;

-- A deal as the board shows it.
create or replace function internal.crm_deal_card(d public.crm_deals) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('id', d.id, 'title', d.title, 'value', d.value, 'currency', d.currency, 'stage_id', d.stage_id,
    'position', d.position, 'expected_close', d.expected_close, 'closed_at', d.closed_at, 'contact_id', d.contact_id,
    'contact_name', (select c.name from public.crm_contacts c where c.id = d.contact_id and c.user_id = d.user_id),
    'company_id', d.company_id,
    'company_name', (select co.name from public.crm_companies co where co.id = d.company_id and co.user_id = d.user_id),
    'updated_at', d.updated_at)
$$;

-- The board's first load: every stage in order with its count, its deals' total value and its first p_per_stage
-- deals (0–200, default 50). Makes the default pipeline on first use.
create or replace function public.crm_board(p_per_stage integer default 50) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare uid uuid := auth.uid();
begin
  if uid is null or not auth.mfa_satisfied() then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  p_per_stage := least(greatest(coalesce(p_per_stage, 50), 0), 200);
  if not exists (select 1 from public.crm_stages s where s.user_id = uid) and public.has_feature('crm') then
    perform internal.crm_ensure_pipeline(uid);
  end if;
  return jsonb_build_object(
    'currency', coalesce((select b.currency from public.business_profiles b where b.user_id = uid), 'GBP'),
    'stages', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'position', s.position, 'kind', s.kind,
               'count', coalesce(t.n, 0), 'value', coalesce(t.total, 0), 'deals', coalesce(f.deals, '[]'::jsonb))
             order by s.position, s.id)
        from public.crm_stages s
        left join lateral (select count(*) as n, sum(d.value) as total from public.crm_deals d
                            where d.user_id = uid and d.stage_id = s.id) t on true
        left join lateral (select jsonb_agg(internal.crm_deal_card(d) order by d.position, d.id) as deals
                             from (select * from public.crm_deals d where d.user_id = uid and d.stage_id = s.id
                                    order by d.position, d.id limit p_per_stage) d) f on true
       where s.user_id = uid), '[]'::jsonb));
end
$$;

-- More of one stage's deals, after position p_after_position (the board's "show more").
create or replace function public.crm_stage_deals(p_stage uuid, p_after_position integer default -1, p_limit integer default 50)
returns setof jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare uid uuid := auth.uid();
begin
  if uid is null or not auth.mfa_satisfied() or not exists (select 1 from public.crm_stages s where s.id = p_stage and s.user_id = uid) then
    raise exception 'stage not found' using errcode = 'PT404';
  end if;
  return query select internal.crm_deal_card(d) from public.crm_deals d
    where d.user_id = uid and d.stage_id = p_stage and d.position > coalesce(p_after_position, -1)
    order by d.position, d.id limit least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;

-- Moves a deal to a stage (the same one to reorder) at a position (0 = top; past the end or null = the bottom),
-- renumbering both stages in one transaction under the owner's pipeline lock. A change of stage logs a deal_moved
-- activity (on the deal and its contact) and sets or clears closed_at by the new stage's kind (the trigger).
create or replace function public.crm_move_deal(p_deal uuid, p_stage uuid, p_position integer default null)
returns public.crm_deals
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  d public.crm_deals;
  old_stage uuid;
  from_name text;
  to_name text;
  n integer;
begin
  if uid is null or not auth.mfa_satisfied() then raise exception 'deal not found' using errcode = 'PT404'; end if;
  perform pg_advisory_xact_lock(hashtext('crm_pipeline'), hashtext(uid::text));
  select * into d from public.crm_deals x where x.id = p_deal and x.user_id = uid for update;
  if not found then raise exception 'deal not found' using errcode = 'PT404'; end if;
  old_stage := d.stage_id;
  select s.name into to_name from public.crm_stages s where s.id = p_stage and s.user_id = uid;
  if not found then raise exception 'stage not found' using errcode = 'PT404'; end if;
  select s.name into from_name from public.crm_stages s where s.id = old_stage;
  select count(*) into n from public.crm_deals x where x.user_id = uid and x.stage_id = p_stage and x.id <> p_deal;
  p_position := least(greatest(coalesce(p_position, n), 0), n);
  -- the others of the new stage keep their order around a gap at p_position
  update public.crm_deals x set position = r.n
    from (select o.id, (case when k >= p_position then k + 1 else k end)::integer as n
            from (select o.id, row_number() over (order by o.position, o.id) - 1 as k
                    from public.crm_deals o where o.user_id = uid and o.stage_id = p_stage and o.id <> p_deal) o) r
   where x.id = r.id and x.position <> r.n;
  update public.crm_deals x set stage_id = p_stage, position = p_position where x.id = p_deal returning * into d;
  if old_stage <> p_stage then
    -- the old stage closes up
    update public.crm_deals x set position = r.n
      from (select o.id, (row_number() over (order by o.position, o.id) - 1)::integer as n
              from public.crm_deals o where o.user_id = uid and o.stage_id = old_stage) r
     where x.id = r.id and x.position <> r.n;
    insert into public.crm_activities (user_id, contact_id, deal_id, kind, body, meta)
    values (uid, d.contact_id, d.id, 'deal_moved', format('%s moved from %s to %s', d.title, from_name, to_name),
            jsonb_build_object('from_stage_id', old_stage, 'to_stage_id', p_stage, 'from_stage', from_name, 'to_stage', to_name));
  end if;
  return d;
end
$$;

-- Puts the caller's stages in the order given: every one of their stage ids, each once.
create or replace function public.crm_reorder_stages(p_stage_ids uuid[]) returns setof public.crm_stages
language plpgsql volatile security definer set search_path = ''
as $$
declare uid uuid := auth.uid();
begin
  if uid is null or not auth.mfa_satisfied() then raise exception 'stage not found' using errcode = 'PT404'; end if;
  perform pg_advisory_xact_lock(hashtext('crm_pipeline'), hashtext(uid::text));
  if p_stage_ids is null or cardinality(p_stage_ids) <> (select count(distinct x) from unnest(p_stage_ids) x)
     or (select array_agg(x order by x) from unnest(p_stage_ids) x) is distinct from
        (select array_agg(s.id order by s.id) from public.crm_stages s where s.user_id = uid) then
    raise exception 'list every one of your stages once' using errcode = '22023';
  end if;
  update public.crm_stages s set position = (o.n - 1)::integer
    from unnest(p_stage_ids) with ordinality o(id, n)
   where s.id = o.id and s.user_id = uid and s.position <> o.n - 1;
  return query select * from public.crm_stages s where s.user_id = uid order by s.position, s.id;
end
$$;

-- Deletes a stage. Its deals go to the bottom of p_move_to first (no activity is logged for them); a stage with
-- deals and no p_move_to, or the last stage, is refused (PT409). Returns how many deals were moved.
create or replace function public.crm_delete_stage(p_stage uuid, p_move_to uuid default null) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  moved integer := 0;
  base integer;
begin
  if uid is null or not auth.mfa_satisfied() then raise exception 'stage not found' using errcode = 'PT404'; end if;
  perform pg_advisory_xact_lock(hashtext('crm_pipeline'), hashtext(uid::text));
  if not exists (select 1 from public.crm_stages s where s.id = p_stage and s.user_id = uid) then
    raise exception 'stage not found' using errcode = 'PT404';
  end if;
  if (select count(*) from public.crm_stages s where s.user_id = uid) = 1 then
    raise exception 'a pipeline keeps at least one stage' using errcode = 'PT409';
  end if;
  if exists (select 1 from public.crm_deals d where d.user_id = uid and d.stage_id = p_stage) then
    if p_move_to is null then raise exception 'this stage has deals: choose a stage to move them to' using errcode = 'PT409'; end if;
    if p_move_to = p_stage or not exists (select 1 from public.crm_stages s where s.id = p_move_to and s.user_id = uid) then
      raise exception 'stage not found' using errcode = 'PT404';
    end if;
    select coalesce(max(d.position) + 1, 0) into base from public.crm_deals d where d.user_id = uid and d.stage_id = p_move_to;
    update public.crm_deals d set stage_id = p_move_to, position = base + r.k
      from (select o.id, (row_number() over (order by o.position, o.id) - 1)::integer as k
              from public.crm_deals o where o.user_id = uid and o.stage_id = p_stage) r
     where d.id = r.id;
    get diagnostics moved = row_count;
  end if;
  delete from public.crm_stages s where s.id = p_stage and s.user_id = uid;
  update public.crm_stages s set position = r.n
    from (select o.id, (row_number() over (order by o.position, o.id) - 1)::integer as n from public.crm_stages o where o.user_id = uid) r
   where s.id = r.id and s.position <> r.n;
  return moved;
end
$$;

-- Open CRM tasks due on or before p_until (default: a week from today), overdue ones first: what the web shows
-- beside the 90-day plan's due tasks.
create or replace function public.crm_due_tasks(p_until date default null)
returns table (id uuid, title text, due_date date, overdue boolean, contact_id uuid, contact_name text, deal_id uuid, deal_title text)
language sql stable set search_path = ''
as $$
  select t.id, t.title, t.due_date, t.due_date < current_date, t.contact_id, c.name, t.deal_id, d.title
    from public.crm_tasks t
    left join public.crm_contacts c on c.id = t.contact_id
    left join public.crm_deals d on d.id = t.deal_id
   where t.user_id = (select auth.uid()) and t.done_at is null and t.due_date <= coalesce(p_until, current_date + 7)
   order by t.due_date, t.created_at, t.id
   limit 200
$$;

-- "Who have I not followed up with this month?": contacts with no activity this calendar month (UTC) that have an
-- overdue open task, an open deal, or an activity before this month (never-touched imports are not "follow-ups").
-- Overdue tasks first, then open deals, then the most recently active. total = how many there are in all.
create or replace function public.crm_follow_ups(p_limit integer default 20)
returns table (contact_id uuid, name text, email text, company_name text, last_activity_at timestamptz,
               overdue_tasks integer, open_deals integer, total bigint)
language sql stable set search_path = ''
as $$
  with month_start as (select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' as t),
  overdue as (select t.contact_id, count(*)::integer as n from public.crm_tasks t
               where t.user_id = (select auth.uid()) and t.done_at is null and t.due_date < current_date and t.contact_id is not null
               group by t.contact_id),
  open_deals as (select d.contact_id, count(*)::integer as n from public.crm_deals d
                  where d.user_id = (select auth.uid()) and d.closed_at is null and d.contact_id is not null
                  group by d.contact_id),
  candidates as (
    select c.id, c.name, c.email, c.company_id, c.last_activity_at, coalesce(o.n, 0) as overdue_tasks, coalesce(od.n, 0) as open_deals
      from public.crm_contacts c
      left join overdue o on o.contact_id = c.id
      left join open_deals od on od.contact_id = c.id
     where c.user_id = (select auth.uid())
       and (c.last_activity_at is null or c.last_activity_at < (select t from month_start))
       and (o.n > 0 or od.n > 0 or c.last_activity_at is not null))
  select x.id, x.name, x.email, co.name, x.last_activity_at, x.overdue_tasks, x.open_deals, count(*) over ()
    from candidates x left join public.crm_companies co on co.id = x.company_id
   order by x.overdue_tasks desc, x.open_deals desc, x.last_activity_at desc nulls last, x.id
   limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

-- The CRM in a few numbers (the coach's context, the CRM view's header).
create or replace function public.crm_summary() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'contacts', (select count(*) from public.crm_contacts c where c.user_id = (select auth.uid())),
    'companies', (select count(*) from public.crm_companies c where c.user_id = (select auth.uid())),
    'open_deals', (select count(*) from public.crm_deals d where d.user_id = (select auth.uid()) and d.closed_at is null),
    'open_value', (select coalesce(sum(d.value), 0) from public.crm_deals d where d.user_id = (select auth.uid()) and d.closed_at is null),
    'currency', coalesce((select b.currency from public.business_profiles b where b.user_id = (select auth.uid())), 'GBP'),
    'won_this_month', (select count(*) from public.crm_deals d join public.crm_stages s on s.id = d.stage_id
                        where d.user_id = (select auth.uid()) and s.kind = 'won'
                          and d.closed_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'),
    'new_contacts_this_month', (select count(*) from public.crm_contacts c where c.user_id = (select auth.uid())
                                  and c.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'),
    'overdue_tasks', (select count(*) from public.crm_tasks t where t.user_id = (select auth.uid()) and t.done_at is null
                        and t.due_date < current_date))
$$;

revoke execute on function public.crm_search_contacts(text, jsonb, text, integer, text, uuid), public.crm_count_contacts(text, jsonb),
  public.crm_board(integer), public.crm_stage_deals(uuid, integer, integer), public.crm_move_deal(uuid, uuid, integer),
  public.crm_reorder_stages(uuid[]), public.crm_delete_stage(uuid, uuid), public.crm_due_tasks(date),
  public.crm_follow_ups(integer), public.crm_summary() from public, anon;
grant execute on function public.crm_search_contacts(text, jsonb, text, integer, text, uuid), public.crm_count_contacts(text, jsonb),
  public.crm_board(integer), public.crm_stage_deals(uuid, integer, integer), public.crm_move_deal(uuid, uuid, integer),
  public.crm_reorder_stages(uuid[]), public.crm_delete_stage(uuid, uuid), public.crm_due_tasks(date),
  public.crm_follow_ups(integer), public.crm_summary() to authenticated, service_role;
