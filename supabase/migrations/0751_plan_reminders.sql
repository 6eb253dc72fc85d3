-- Issue 39: an e-mail the day before plan tasks are due, at most one a day, which the customer can turn off on /user.
alter table public.profiles add column if not exists plan_reminders boolean not null default true;

-- One row per customer and day a reminder went (or is going) out: claimed before sending, so two instances or a
-- retried job never send the same day twice.
create table if not exists internal.plan_reminders_sent (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  sent_at timestamptz not null default now(),
  primary key (user_id, day)
);
revoke all on internal.plan_reminders_sent from public;
