-- Issue 43: the contacts CSV export (POST /functions/v1/crm/export, docs/crm.md) reads every contact a search and
-- filters match, in the list's order, up to 50,000, with notes (crm_search_contacts pages without them).
create or replace function public.crm_export_contacts(p_query text default '', p_filters jsonb default '{}'::jsonb, p_sort text default 'name')
returns table (
  name text, email text, phone text, company_name text, source text, tags text[], notes text, custom jsonb,
  created_at timestamptz, last_activity_at timestamptz
)
language plpgsql stable security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  order_by text := case coalesce(p_sort, 'name')
    when 'name' then 'lower(c.name), c.id'
    when 'created' then 'c.created_at desc, c.id desc'
    when 'activity' then 'coalesce(c.last_activity_at, ''-infinity''::timestamptz) desc, c.id desc' end;
begin
  if uid is null or not auth.mfa_satisfied() then return; end if;
  if order_by is null then raise exception 'sort must be name, created or activity' using errcode = '22023'; end if;
  return query execute format(
    'select c.name, c.email, c.phone, co.name, c.source, c.tags, c.notes, c.custom, c.created_at, c.last_activity_at
       from public.crm_contacts c left join public.crm_companies co on co.id = c.company_id and co.user_id = c.user_id
      where c.user_id = %L%s order by %s limit 50000',
    uid, internal.crm_contact_where(p_query, p_filters), order_by);
end
$$;
revoke execute on function public.crm_export_contacts(text, jsonb, text) from public, anon;
grant execute on function public.crm_export_contacts(text, jsonb, text) to authenticated, service_role;
