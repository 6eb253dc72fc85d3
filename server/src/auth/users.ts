import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { authError } from '../errors/auth.js';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  reauthentication_sent_at: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export const findUserById = async (db: Queryable, id: string): Promise<UserRow | undefined> =>
  (await db.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0];

export const findUserByEmail = async (db: Queryable, email: string): Promise<UserRow | undefined> =>
  (await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [email])).rows[0];

export const isBanned = (u: Pick<UserRow, 'banned_until'>) => !!u.banned_until && u.banned_until.getTime() > Date.now();

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** Removes undefined keys so that null timestamps are omitted, as GoTrue's omitempty does. */
const compact = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export const factorJson = (f: FactorRow) =>
  compact({
    id: f.id,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    status: f.status,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    phone: '',
    last_challenged_at: iso(f.last_challenged_at) ?? null,
  });

/** The User object of GoTrue's API: never the password hash or tokens. */
export async function userJson(db: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([
    db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [u.id]),
    db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [u.id]),
  ]);
  return userJsonFrom(u, identities.rows, factors.rows);
}

export function userJsonFrom(u: UserRow, identities: IdentityRow[], factors: FactorRow[]): Record<string, unknown> {
  return compact({
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    invited_at: iso(u.invited_at),
    reauthentication_sent_at: iso(u.reauthentication_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map((i) =>
      compact({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: iso(i.last_sign_in_at),
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        email: i.email ?? undefined,
      }),
    ),
    factors: factors.length ? factors.map(factorJson) : undefined,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    deleted_at: iso(u.deleted_at),
    is_anonymous: u.is_anonymous,
  });
}

/** Orders object keys as PostgreSQL's jsonb stores them (shorter first, then bytewise), at every level. */
function jsonbOrder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(jsonbOrder);
  if (!v || typeof v !== 'object') return v;
  const keys = Object.keys(v).sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((k) => [k, jsonbOrder((v as Record<string, unknown>)[k])]));
}

/**
 * What sign-up answers for a brand-new, unconfirmed address (insertUser, then confirmation_sent_at, all in one
 * transaction), built without touching the database: a fresh id, "now" everywhere, the caller's own metadata.
 * Answered for an address that already has an account, so the two cannot be told apart (issue 12 item 8).
 */
export function newUserLookAlike(email: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const id = randomUUID();
  const now = new Date();
  const user: UserRow = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: jsonbOrder({ provider: 'email', providers: ['email'] }) as Record<string, unknown>,
    raw_user_meta_data: jsonbOrder(userMetadata) as Record<string, unknown>,
    created_at: now,
    updated_at: now,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: null,
    banned_until: null,
    reauthentication_sent_at: null,
    deleted_at: null,
    is_anonymous: false,
  };
  const identity: IdentityRow = {
    id: randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: jsonbOrder({ ...userMetadata, sub: id, email, email_verified: false, phone_verified: false }) as Record<string, unknown>,
    provider: 'email',
    last_sign_in_at: now,
    created_at: now,
    updated_at: now,
    email: email.toLowerCase(),
  };
  return userJsonFrom(user, [identity], []);
}

/** The same for a new, unconfirmed phone user (phone sign-up without AUTH_PHONE_AUTOCONFIRM). */
export function newPhoneUserLookAlike(phone: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const id = randomUUID();
  const now = new Date();
  const user: UserRow = {
    ...lookAlikeBase(id, now),
    confirmation_sent_at: now,
    phone,
    raw_app_meta_data: { provider: 'phone', providers: ['phone'] },
    raw_user_meta_data: jsonbOrder(userMetadata) as Record<string, unknown>,
  };
  const identity: IdentityRow = {
    id: randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: jsonbOrder({ ...userMetadata, sub: id, phone, email_verified: false, phone_verified: false }) as Record<string, unknown>,
    provider: 'phone',
    last_sign_in_at: now,
    created_at: now,
    updated_at: now,
    email: null,
  };
  return userJsonFrom(user, [identity], []);
}

const lookAlikeBase = (id: string, now: Date): UserRow => ({
  id,
  aud: 'authenticated',
  role: 'authenticated',
  email: null,
  encrypted_password: null,
  email_confirmed_at: null,
  invited_at: null,
  confirmation_sent_at: null,
  recovery_sent_at: null,
  email_change: null,
  email_change_sent_at: null,
  last_sign_in_at: null,
  raw_app_meta_data: {},
  raw_user_meta_data: {},
  created_at: now,
  updated_at: now,
  phone: null,
  phone_confirmed_at: null,
  confirmed_at: null,
  banned_until: null,
  reauthentication_sent_at: null,
  deleted_at: null,
  is_anonymous: false,
});

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  invited?: boolean;
  role?: string;
  bannedUntil?: Date | null;
}

/** Inserts the user and its email identity (provider_id = user id), as GoTrue's signup does. */
export async function insertUser(tx: Queryable, n: NewUser): Promise<UserRow> {
  const id = n.id ?? randomUUID();
  const userMetadata = n.confirmed ? { ...n.userMetadata, email_verified: true } : n.userMetadata;
  const appMetadata = { provider: 'email', providers: ['email'], ...(n.appMetadata ?? {}) };
  const { rows } = await tx
    .query<UserRow>(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data, banned_until)
     values ($1, 'authenticated', $2, $3, $4, case when $5 then now() end, case when $6 then now() end, $7, $8, $9) returning *`,
      [
        id,
        n.role ?? 'authenticated',
        n.email,
        n.passwordHash,
        n.confirmed,
        n.invited ?? false,
        JSON.stringify(appMetadata),
        JSON.stringify(userMetadata),
        n.bannedUntil ?? null,
      ],
    )
    .catch((err: unknown) => {
      // the same address signed up at the same moment (users_email_key) or a reused id
      if ((err as { code?: string }).code === '23505') throw authError('email_exists');
      throw err;
    });
  const identityData = { ...n.userMetadata, sub: id, email: n.email, email_verified: n.confirmed, phone_verified: false };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1::text, $1::uuid, $2, 'email', now())`,
    [id, JSON.stringify(identityData)],
  );
  return rows[0]!;
}

/** Marks the e-mail confirmed (user, user_metadata.email_verified, identity) and returns the fresh row. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<UserRow> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const { rows } = await tx.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where id = $1 returning *`,
    [userId],
  );
  return rows[0]!;
}

/** Merges `patch` into a JSON object; keys set to null are removed (GoTrue's PUT /user semantics). */
export function mergeMetadata(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
