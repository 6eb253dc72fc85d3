import type { FactorRow, IdentityRow, UserRow } from './users.js';

/** A row as PostgreSQL's to_jsonb writes it: timestamps become ISO 8601 strings (microseconds, offset). */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** auth.refresh_grant's user: every column but the password hash. */
export type UserJson = Omit<AsJson<UserRow>, 'encrypted_password'>;
export type IdentityJson = AsJson<IdentityRow>;
/** auth.refresh_grant's factors: every column but the secret. */
export type FactorJson = Omit<AsJson<FactorRow>, 'secret'>;

/**
 * The timestamps back as Dates, as node-postgres and PGlite parse a timestamptz column: both keep milliseconds and
 * drop the rest, as `new Date()` does with the jsonb text, so a row read either way answers the same JSON.
 */
function revive<T>(json: object, keys: readonly string[], extra: Partial<T> = {}): T {
  const row: Record<string, unknown> = { ...json, ...extra };
  for (const k of keys) row[k] = typeof row[k] === 'string' ? new Date(row[k]) : (row[k] ?? null);
  return row as T;
}

const USER_DATES = [
  'email_confirmed_at',
  'invited_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'phone_confirmed_at',
  'confirmed_at',
  'banned_until',
  'reauthentication_sent_at',
  'deleted_at',
] as const satisfies readonly (keyof UserRow)[];

export const userFromJson = (u: UserJson): UserRow => revive<UserRow>(u, USER_DATES, { encrypted_password: null });
export const identityFromJson = (i: IdentityJson): IdentityRow => revive<IdentityRow>(i, ['last_sign_in_at', 'created_at', 'updated_at']);
export const factorFromJson = (f: FactorJson): FactorRow =>
  revive<FactorRow>(f, ['created_at', 'updated_at', 'last_challenged_at'], { secret: null });
