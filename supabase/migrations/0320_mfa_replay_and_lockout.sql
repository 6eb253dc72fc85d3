-- Issue 12 item 7 (docs/decisions/0033): a TOTP code is accepted once per factor, and a factor locks after
-- consecutive wrong codes whatever the IP. Both are decided by one conditional UPDATE of the factor row in
-- server/src/auth/routes/mfa.ts, so parallel requests and several instances cannot slip past them.

alter table auth.mfa_factors
  -- the 30-second TOTP time step of the last accepted code; a code of this step or an earlier one is refused
  add column if not exists last_used_timestep bigint,
  -- wrong (or replayed) codes since the last accepted one
  add column if not exists failed_verify_attempts integer not null default 0,
  -- no code is checked before this time (set at the 10th consecutive wrong code and at each one after it)
  add column if not exists locked_until timestamptz;
