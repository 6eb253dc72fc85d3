-- The AI coach (issue 13): conversations and their messages, the 90-day action plan, and what each reply cost.
-- Everything is the owner's alone (no admin read: conversations are private), and deleting the user cascades.
-- Messages are written by the server only; the coach's tools write plans as the user, under these policies.

create table if not exists public.coach_conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null default 'New conversation' check (char_length(btrim(title)) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists coach_conversations_user_idx on public.coach_conversations (user_id, updated_at desc);
drop trigger if exists coach_conversations_touch on public.coach_conversations;
create trigger coach_conversations_touch before update on public.coach_conversations
  for each row execute function public.touch_updated_at();

alter table public.coach_conversations enable row level security;
grant select, delete on public.coach_conversations to authenticated;
grant update (title) on public.coach_conversations to authenticated;
grant all on public.coach_conversations to service_role;
drop policy if exists coach_conversations_read on public.coach_conversations;
create policy coach_conversations_read on public.coach_conversations for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists coach_conversations_update on public.coach_conversations;
create policy coach_conversations_update on public.coach_conversations for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
drop policy if exists coach_conversations_delete on public.coach_conversations;
create policy coach_conversations_delete on public.coach_conversations for delete to authenticated
  using (user_id = (select auth.uid()));

-- parts: the AI SDK's UIMessage parts (text, tool-*, data-*), as the web renders them.
create table if not exists public.coach_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.coach_conversations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  parts jsonb not null check (jsonb_typeof(parts) = 'array' and pg_column_size(parts) <= 262144),
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists coach_messages_conversation_idx on public.coach_messages (conversation_id, created_at);
create index if not exists coach_messages_user_idx on public.coach_messages (user_id);

alter table public.coach_messages enable row level security;
grant select on public.coach_messages to authenticated;
grant all on public.coach_messages to service_role;
drop policy if exists coach_messages_read on public.coach_messages;
create policy coach_messages_read on public.coach_messages for select to authenticated
  using (user_id = (select auth.uid()));

-- The 90-day action plan: the latest plan is the active one. The coach's writeActionPlan tool inserts it as the
-- user (so these insert policies are what keeps it to the user's own rows); the web only reads it and ticks tasks.
create table if not exists public.action_plans (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  conversation_id uuid references public.coach_conversations (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists action_plans_user_idx on public.action_plans (user_id, created_at desc);

alter table public.action_plans enable row level security;
grant select, insert on public.action_plans to authenticated;
grant all on public.action_plans to service_role;
drop policy if exists action_plans_read on public.action_plans;
create policy action_plans_read on public.action_plans for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists action_plans_insert on public.action_plans;
create policy action_plans_insert on public.action_plans for insert to authenticated
  with check (user_id = (select auth.uid())
    and (conversation_id is null or exists (
      select 1 from public.coach_conversations c where c.id = conversation_id and c.user_id = (select auth.uid()))));

create table if not exists public.action_plan_tasks (
  id uuid primary key default gen_random_uuid(),
  plan_id uuid not null references public.action_plans (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  phase smallint not null check (phase between 1 and 3),
  phase_name text not null check (char_length(btrim(phase_name)) between 1 and 200),
  position smallint not null check (position between 0 and 99),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  detail text check (char_length(detail) <= 2000),
  done boolean not null default false,
  done_at timestamptz,
  unique (plan_id, phase, position)
);
create index if not exists action_plan_tasks_user_idx on public.action_plan_tasks (user_id);

-- done_at follows done, whoever sets it (the browser can only send done).
create or replace function public.action_plan_tasks_done_at() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'INSERT' or new.done is distinct from old.done then
    new.done_at := case when new.done then now() else null end;
  end if;
  return new;
end
$$;
drop trigger if exists action_plan_tasks_done_at on public.action_plan_tasks;
create trigger action_plan_tasks_done_at before insert or update on public.action_plan_tasks
  for each row execute function public.action_plan_tasks_done_at();

alter table public.action_plan_tasks enable row level security;
grant select, insert on public.action_plan_tasks to authenticated;
grant update (done) on public.action_plan_tasks to authenticated;
grant all on public.action_plan_tasks to service_role;
drop policy if exists action_plan_tasks_read on public.action_plan_tasks;
create policy action_plan_tasks_read on public.action_plan_tasks for select to authenticated
  using (user_id = (select auth.uid()));
drop policy if exists action_plan_tasks_insert on public.action_plan_tasks;
create policy action_plan_tasks_insert on public.action_plan_tasks for insert to authenticated
  with check (user_id = (select auth.uid())
    and exists (select 1 from public.action_plans p where p.id = plan_id and p.user_id = (select auth.uid())));
drop policy if exists action_plan_tasks_update on public.action_plan_tasks;
create policy action_plan_tasks_update on public.action_plan_tasks for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- What a coach reply cost: the conversation and the provider's token counts, on the charge's ledger row.
alter table public.credit_ledger add column if not exists conversation_id uuid
  references public.coach_conversations (id) on delete set null;
alter table public.credit_ledger add column if not exists input_tokens integer check (input_tokens >= 0);
alter table public.credit_ledger add column if not exists output_tokens integer check (output_tokens >= 0);

-- Charges one coach reply: a per-user lock (as in 0311), then one ledger row; returns the new balance.
-- The reply already happened, so the charge is not refused; a negative balance stops the next message (402).
-- The server calls it with its own connection; nobody else may.
create or replace function public.coach_charge(p_user uuid, p_credits integer, p_conversation uuid,
  p_input_tokens integer, p_output_tokens integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare bal integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.credit_ledger'), hashtext(p_user::text));
  insert into public.credit_ledger (user_id, delta, reason, feature, conversation_id, input_tokens, output_tokens)
  values (p_user, -p_credits, 'coach', 'coach', p_conversation, p_input_tokens, p_output_tokens);
  select coalesce(sum(c.delta), 0)::integer into bal from public.credit_ledger c where c.user_id = p_user;
  return bal;
end
$$;
revoke execute on function public.coach_charge(uuid, integer, uuid, integer, integer) from public;
grant execute on function public.coach_charge(uuid, integer, uuid, integer, integer) to service_role;

-- The caller's charges and grants, newest first, with the conversation's title (The Brain's usage history).
create or replace function public.credit_usage_history(p_limit integer default 50)
returns table (created_at timestamptz, delta integer, reason text, conversation_id uuid, conversation_title text,
  input_tokens integer, output_tokens integer)
language sql stable security definer set search_path = ''
as $$
  select l.created_at, l.delta, l.reason, l.conversation_id, c.title, l.input_tokens, l.output_tokens
  from public.credit_ledger l
  left join public.coach_conversations c on c.id = l.conversation_id
  where l.user_id = auth.uid()
  order by l.created_at desc, l.id desc
  limit greatest(1, least(coalesce(p_limit, 50), 200))
$$;
revoke execute on function public.credit_usage_history(integer) from public;
grant execute on function public.credit_usage_history(integer) to authenticated, service_role;
