-- One definition of "an account" for the admin console (issue 18, defect 9 / p18 item 1). admin_overview() counted
-- every auth.users row, soft-deleted ones included; the Users tab (/api/admin/users) only the rows not deleted, so
-- the header said "ACCOUNTS 3" next to "4 accounts" once one was deleted and another created. An account is a row of
-- auth.users that is not deleted; a banned account is still an account (the Users tab lists it with its ban).
-- Both readers go through this view now: admin_overview() below and server/src/api/admin/users.ts.
create or replace view internal.accounts as
  select u.* from auth.users u where u.deleted_at is null;
revoke all on internal.accounts from public, anon, authenticated;

create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform public.require_admin();
  return jsonb_build_object(
    'users', (select count(*) from internal.accounts),
    'waitlist', (select count(*) from public.ebook_subscribers),
    'new_integration_requests', (select count(*) from public.integration_requests where status = 'new'),
    'new_connection_requests', (select count(*) from public.connection_requests where status = 'new'),
    'new_contact_messages', (select count(*) from public.contact_messages where status = 'new'),
    'subscriptions_by_plan', coalesce((select jsonb_object_agg(plan_id, n) from (select plan_id, count(*) n from public.subscriptions group by plan_id) s), '{}'::jsonb));
end
$$;
