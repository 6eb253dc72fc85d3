-- GoTrue's OAuth 2.1 server (issue 45): the product as identity provider for a customer's own tools.
-- Tables live in the auth schema like GoTrue's (no grants to anon/authenticated: only the auth server reads them).
-- Secrets and authorization codes are stored as SHA-256 hashes: both are 32 random bytes, so a slow hash adds nothing.

create table if not exists auth.oauth_clients (
  id uuid primary key default gen_random_uuid(),
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  redirect_uris text[] not null,
  grant_types text[] not null default array['authorization_code', 'refresh_token'],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint oauth_clients_secret_for_confidential check ((client_type = 'public') = (client_secret_hash is null))
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

create table if not exists auth.oauth_authorizations (
  id uuid primary key default gen_random_uuid(),
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null check (char_length(redirect_uri) <= 2048),
  scope text not null check (char_length(scope) <= 4096),
  state text check (char_length(state) <= 4096),
  code_challenge text not null check (char_length(code_challenge) <= 128),
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied', 'expired')),
  authorization_code_hash text unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '10 minutes',
  approved_at timestamptz
);
create index if not exists oauth_authorizations_expires_at_idx on auth.oauth_authorizations (expires_at);

create table if not exists auth.oauth_consents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_user_client_unique unique (user_id, client_id)
);

