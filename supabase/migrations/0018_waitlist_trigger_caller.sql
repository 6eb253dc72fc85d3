-- The waitlist trigger runs as its owner (SECURITY DEFINER, to read max(position) past RLS), so current_user
-- cannot tell who is inserting; the request's role from the JWT claims can. Visitors and users always join
-- as 'waiting' with the current time; the service role and the server may set both.
create or replace function public.assign_waitlist_position() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(724514101);
  select coalesce(max(s.waitlist_position), 0) + 1 into new.waitlist_position from public.ebook_subscribers s;
  new.email := btrim(new.email);
  new.name := btrim(new.name);
  if auth.role() in ('anon', 'authenticated') and current_setting('request.jwt.claims', true) is not null
     and current_setting('request.jwt.claims', true) <> '' then
    new.status := 'waiting';
    new.created_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.assign_waitlist_position() from public;
