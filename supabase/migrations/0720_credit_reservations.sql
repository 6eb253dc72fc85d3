-- Issue 41: credits never go below zero. A coach reply reserves its estimate under the per-user ledger lock
-- before the provider is called (refused when nothing is left to reserve) and settles after: the charge is the
-- reply's cost, capped at what the balance still holds, in the same lock. docs/billing.md "Credit rules".

create table if not exists public.credit_reservations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credits integer not null check (credits > 0),
  created_at timestamptz not null default now(),
  -- A reservation whose reply never settled (the process died) stops holding credits after this.
  expires_at timestamptz not null default now() + interval '15 minutes'
);
create index if not exists credit_reservations_user_idx on public.credit_reservations (user_id, expires_at);

alter table public.credit_reservations enable row level security;
grant select on public.credit_reservations to authenticated;
grant all on public.credit_reservations to service_role;
drop policy if exists credit_reservations_read on public.credit_reservations;
create policy credit_reservations_read on public.credit_reservations for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists mfa_required on public.credit_reservations;
create policy mfa_required on public.credit_reservations as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

-- Reserves up to p_estimate credits of what is left after other live reservations; null when nothing is left.
create or replace function public.credit_reserve(p_user uuid, p_estimate integer) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare available integer; rid uuid;
begin
  perform pg_advisory_xact_lock(hashtext('public.credit_ledger'), hashtext(p_user::text));
  delete from public.credit_reservations r where r.user_id = p_user and r.expires_at <= now();
  select coalesce((select sum(c.delta) from public.credit_ledger c where c.user_id = p_user), 0)
       - coalesce((select sum(r.credits) from public.credit_reservations r where r.user_id = p_user), 0)
    into available;
  if available <= 0 then
    return null;
  end if;
  insert into public.credit_reservations (user_id, credits)
  values (p_user, least(greatest(p_estimate, 1), available))
  returning id into rid;
  return rid;
end
$$;
revoke execute on function public.credit_reserve(uuid, integer) from public;
grant execute on function public.credit_reserve(uuid, integer) to service_role;

-- Ends a reservation and charges the reply (0 = an empty reply: nothing charged), never past zero. Returns the
-- balance after the charge. The lock holds until the caller's COMMIT (the reply is stored in the same transaction).
create or replace function public.credit_settle(p_reservation uuid, p_user uuid, p_credits integer,
  p_conversation uuid, p_input_tokens integer, p_output_tokens integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare bal integer; charged integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.credit_ledger'), hashtext(p_user::text));
  delete from public.credit_reservations r where r.id = p_reservation and r.user_id = p_user;
  select coalesce(sum(c.delta), 0)::integer into bal from public.credit_ledger c where c.user_id = p_user;
  charged := least(greatest(coalesce(p_credits, 0), 0), greatest(bal, 0));
  if charged > 0 then
    insert into public.credit_ledger (user_id, delta, reason, feature, conversation_id, input_tokens, output_tokens)
    values (p_user, -charged, 'coach', 'coach', p_conversation, p_input_tokens, p_output_tokens);
  end if;
  return bal - charged;
end
$$;
revoke execute on function public.credit_settle(uuid, uuid, integer, uuid, integer, integer) from public;
grant execute on function public.credit_settle(uuid, uuid, integer, uuid, integer, integer) to service_role;
