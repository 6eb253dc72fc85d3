import type { Queryable } from '../db/index.js';
import { authError } from '../errors/auth.js';
import { findUserById, type UserRow } from './users.js';

/**
 * Anonymous users (AUTH_ANONYMOUS_SIGN_INS), as GoTrue keeps them: is_anonymous = true, no e-mail, no identity,
 * app_metadata.provider 'anonymous'. The access token carries is_anonymous, so RLS policies can tell them apart.
 */
export async function insertAnonymousUser(tx: Queryable, userMetadata: Record<string, unknown>): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data)
     values ('authenticated', 'authenticated', true, $1, $2) returning *`,
    [JSON.stringify({ provider: 'anonymous', providers: ['anonymous'] }), JSON.stringify(userMetadata)],
  );
  return rows[0]!;
}

/**
 * Turns an anonymous user into a permanent one owning `email` (confirmed): the e-mail identity GoTrue's sign-up
 * would have made, provider 'email' in app_metadata. Called once the address is proven (or at once when
 * confirmations are off, as GoTrue's autoconfirm does for anonymous users).
 */
export async function linkAnonymousEmail(tx: Queryable, userId: string, email: string): Promise<UserRow> {
  const taken = await tx.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [email, userId]);
  if (taken.rowCount) throw authError('email_exists');
  await tx.query(
    `update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
       email_change = null, email_change_sent_at = null,
       raw_app_meta_data = raw_app_meta_data || '{"provider": "email", "providers": ["email"]}'::jsonb,
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where id = $1`,
    [userId, email],
  );
  const data = { sub: userId, email, email_verified: true, phone_verified: false };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1::text, $1::uuid, $2, 'email', now()) on conflict do nothing`,
    [userId, JSON.stringify(data)],
  );
  return (await findUserById(tx, userId))!;
}
