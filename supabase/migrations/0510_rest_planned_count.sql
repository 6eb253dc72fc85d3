-- /rest/v1 `Prefer: count=planned` / `count=estimated` (PostgREST's planner estimates, issue 17): the planner's row
-- estimate of a read's count query, inside the request's one statement (server/src/rest/build-sql.ts).
-- `query` is SQL that build-sql.ts writes from schema-cache names only ("select 1 from ... where ..."); every value
-- of the request stays bound, as the elements of `params`, which the query reads as $1[1], $1[2], ...
-- EXPLAIN without ANALYZE plans the query and never runs it; it runs as the caller (security invoker), so row-level
-- security and privileges apply to the plan as to the read itself. A text holding several commands is refused by
-- EXECUTE (one command per prepared statement). The schema is never one of REST_SCHEMAS, so no /rpc reaches it.
create schema if not exists rest_internal;
revoke all on schema rest_internal from public;
grant usage on schema rest_internal to anon, authenticated, service_role;

create or replace function rest_internal.plan_rows(query text, params text[]) returns bigint
language plpgsql volatile
as $$
declare
  plan json;
begin
  if query !~* '^select 1 from ' then
    raise exception 'rest_internal.plan_rows takes a count query of /rest/v1' using errcode = '22023';
  end if;
  execute 'explain (format json) ' || query into plan using params;
  return (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
end
$$;
revoke execute on function rest_internal.plan_rows(text, text[]) from public;
grant execute on function rest_internal.plan_rows(text, text[]) to anon, authenticated, service_role;
