-- Catalogue helper for the dashboard ("top rated tools" in The Brain).

create or replace function public.top_rated_integrations(p_limit integer default 5)
returns setof public.integrations
language sql stable
as $$
  select * from public.integrations
  order by rating desc, connections desc, name
  limit least(greatest(coalesce(p_limit, 5), 0), 100)
$$;

revoke execute on function public.top_rated_integrations(integer) from public;
grant execute on function public.top_rated_integrations(integer) to anon, authenticated, service_role;
