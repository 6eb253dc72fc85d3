-- Issue 43, after 0810: deleting a custom field deletes its values, so no contact keeps a value that a later change
-- (a merge on import, an edit) would be refused for ("custom field x: no such field").
create or replace function internal.crm_custom_field_deleted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- the account is being deleted: its contacts go too
  if not exists (select 1 from auth.users u where u.id = old.user_id) then return null; end if;
  update public.crm_contacts c set custom = c.custom - old.key where c.user_id = old.user_id and c.custom ? old.key;
  return null;
end
$$;
drop trigger if exists crm_custom_field_deleted on public.crm_custom_fields;
create trigger crm_custom_field_deleted after delete on public.crm_custom_fields
  for each row execute function internal.crm_custom_field_deleted();
