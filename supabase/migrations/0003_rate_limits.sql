-- Rate-limit counters (rate-limiter-flexible's PostgreSQL layout), shared by every server instance.
-- Keys are "<prefix>:<ip or e-mail>"; expire is epoch milliseconds. Not reachable through /rest/v1.
create schema if not exists internal;
create table if not exists internal.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index if not exists rate_limits_expire_idx on internal.rate_limits (expire);
revoke all on schema internal from public;
