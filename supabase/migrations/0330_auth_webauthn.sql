-- Issue 14 (docs/decisions/0038): passkeys (Supabase's /passkeys endpoints) and WebAuthn as an MFA factor.
-- Only the accounts service reads these (as the table owner); browsers and the REST API never see them.

-- A passkey: a discoverable WebAuthn credential that signs its user in on its own.
create table if not exists auth.webauthn_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- base64url of the authenticator's credential id, as the browser sends it back
  credential_id text not null unique,
  public_key bytea not null,
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  aaguid text,
  backed_up boolean not null default false,
  friendly_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index if not exists webauthn_credentials_user_idx on auth.webauthn_credentials (user_id);

-- One ceremony's challenge: registration (user known) or sign-in (user_id null: discoverable).
-- Deleted when used, whatever the outcome, so a challenge answers once.
create table if not exists auth.webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  kind text not null check (kind in ('registration', 'authentication')),
  challenge text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index if not exists webauthn_challenges_expires_idx on auth.webauthn_challenges (expires_at);

-- WebAuthn second factors keep their credential on the factor and the ceremony's state on the challenge (GoTrue's names).
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;

revoke all on auth.webauthn_credentials, auth.webauthn_challenges from anon, authenticated;
grant select on auth.webauthn_credentials to service_role;
