-- Issue 41: Stripe checkout and webhooks (server/src/billing/*, docs/billing.md). Webhooks are the only source of
-- truth: each event is stored once (a replay changes nothing); plan grants are keyed by their period, top-ups by
-- their checkout session, so neither can be granted twice.

-- Events already processed (Stripe's event ids). No user data; only the server reads or writes it.
create table if not exists public.stripe_events (
  id text primary key check (char_length(id) between 1 and 255),
  type text not null check (char_length(type) between 1 and 100),
  received_at timestamptz not null default now()
);
alter table public.stripe_events enable row level security;
grant all on public.stripe_events to service_role;
drop policy if exists mfa_required on public.stripe_events;
create policy mfa_required on public.stripe_events as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

-- The customer's Stripe ids, recorded from events whose client_reference_id / metadata our server set.
create table if not exists public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text unique check (char_length(stripe_customer_id) <= 255),
  stripe_subscription_id text unique check (char_length(stripe_subscription_id) <= 255),
  currency text check (currency in ('gbp', 'usd')),
  updated_at timestamptz not null default now()
);
alter table public.billing_customers enable row level security;
grant select on public.billing_customers to authenticated;
grant all on public.billing_customers to service_role;
drop policy if exists billing_customers_read on public.billing_customers;
create policy billing_customers_read on public.billing_customers for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
drop policy if exists mfa_required on public.billing_customers;
create policy mfa_required on public.billing_customers as restrictive for all to authenticated
  using ((select auth.mfa_satisfied())) with check ((select auth.mfa_satisfied()));

alter table public.subscriptions add column if not exists cancel_at_period_end boolean not null default false;
-- past_due: the plan stays live until then (STRIPE_GRACE_DAYS), while Stripe retries the card.
alter table public.subscriptions add column if not exists grace_until timestamptz;

-- A grant's once-only key: 'period:<subscription>:<period start>' or 'checkout:<session id>'.
alter table public.credit_ledger add column if not exists grant_key text check (char_length(grant_key) <= 300);
create unique index if not exists credit_ledger_grant_key_idx on public.credit_ledger (user_id, grant_key) where grant_key is not null;

-- A past-due plan is live only within its grace period. Body as in 0630, plus grace_until.
create or replace function public.current_plan_id() returns text
language sql stable security definer set search_path = ''
as $$
  select s.plan_id from public.subscriptions s
  where s.user_id = auth.uid() and auth.mfa_satisfied()
    and (s.status = 'active'
         or (s.status = 'past_due' and (s.grace_until is null or s.grace_until > now()))
         or (s.status = 'trialing' and s.trial_ends_at > now()))
$$;

-- A new period's plan credits, once per key, under the ledger lock. Monthly credits do not roll over: what is left
-- of the previous monthly grant (spending draws on it first) expires; top-ups and operator grants stay.
-- Returns false when this key was already granted.
create or replace function public.billing_grant_period(p_user uuid, p_credits integer, p_key text) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare prev record; spent integer; bal integer; expire integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.credit_ledger'), hashtext(p_user::text));
  if exists (select 1 from public.credit_ledger c where c.user_id = p_user and c.grant_key = p_key) then
    return false;
  end if;
  select c.id, c.delta into prev from public.credit_ledger c
  where c.user_id = p_user and c.reason in ('monthly_grant', 'trial_grant') order by c.id desc limit 1;
  if found then
    select coalesce(-sum(c.delta), 0)::integer into spent from public.credit_ledger c
    where c.user_id = p_user and c.id > prev.id and c.delta < 0;
    select coalesce(sum(c.delta), 0)::integer into bal from public.credit_ledger c where c.user_id = p_user;
    expire := least(greatest(prev.delta - spent, 0), greatest(bal, 0));
    if expire > 0 then
      insert into public.credit_ledger (user_id, delta, reason) values (p_user, -expire, 'monthly_expiry');
    end if;
  end if;
  if p_credits > 0 then
    insert into public.credit_ledger (user_id, delta, reason, grant_key) values (p_user, p_credits, 'monthly_grant', p_key);
  end if;
  return true;
end
$$;
revoke execute on function public.billing_grant_period(uuid, integer, text) from public;
grant execute on function public.billing_grant_period(uuid, integer, text) to service_role;
