import type { AppContext } from '../context.js';
import { authError, validationFailed } from '../errors/auth.js';
import { assertStrongPassword, hashPassword } from './passwords.js';
import { findUserByEmail, findUserById, mergeMetadata, type UserRow } from './users.js';

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go duration ("24h", "1h30m", "90s") in ms, or null for "none"; GoTrue's ban_duration format. */
export function parseBanDuration(v: string): number | null {
  if (v === 'none') return null;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(v)) throw validationFailed('invalid format for ban duration: time: invalid duration');
  let ms = 0;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(m[1]) * UNITS[m[2]!]!;
  return ms;
}

export interface AdminAttributes {
  email?: string;
  password?: string;
  email_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  role?: string;
  ban_duration?: string;
}

/** PUT /admin/users/{id}: applies each given attribute; a new password signs the user out everywhere. */
export async function adminUpdateUser(ctx: AppContext, user: UserRow, a: AdminAttributes): Promise<UserRow> {
  const hash =
    a.password !== undefined
      ? (assertStrongPassword(a.password, ctx.config), await hashPassword(a.password, ctx.config.AUTH_BCRYPT_COST))
      : undefined;
  if (a.email && a.email !== user.email) {
    const other = await findUserByEmail(ctx.db, a.email);
    if (other && other.id !== user.id) throw authError('email_exists');
  }
  await ctx.db.transaction(async (tx) => {
    const set = (sql: string, params: unknown[]) =>
      tx.query(`update auth.users set ${sql}, updated_at = now() where id = $1`, [user.id, ...params]);
    if (hash) {
      await set('encrypted_password = $2', [hash]);
      await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    if (a.email && a.email !== user.email) {
      await set('email = $2, email_change = null', [a.email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
        [user.id, a.email],
      );
    }
    if (a.email_confirm === true) await set('email_confirmed_at = coalesce(email_confirmed_at, now())', []);
    if (a.role) await set('role = $2', [a.role]);
    if (a.user_metadata) await set('raw_user_meta_data = $2', [JSON.stringify(mergeMetadata(user.raw_user_meta_data, a.user_metadata))]);
    if (a.app_metadata) await set('raw_app_meta_data = $2', [JSON.stringify(mergeMetadata(user.raw_app_meta_data, a.app_metadata))]);
    if (a.ban_duration !== undefined) {
      const ms = parseBanDuration(a.ban_duration);
      await set('banned_until = $2', [ms === null ? null : new Date(Date.now() + ms)]);
      // a banned user keeps no session
      if (ms !== null) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
  });
  return (await findUserById(ctx.db, user.id))!;
}

/** DELETE /admin/users/{id}: a real delete (cascades to app rows) or GoTrue's soft delete (anonymised row). */
export async function adminDeleteUser(ctx: AppContext, userId: string, soft: boolean): Promise<void> {
  if (!soft) {
    await ctx.db.query('delete from auth.users where id = $1', [userId]);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    await tx.query('delete from auth.mfa_factors where user_id = $1', [userId]);
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
    await tx.query(
      `update auth.identities set identity_data = '{}'::jsonb, provider_id = encode(sha256(convert_to(provider_id, 'utf8')), 'hex') where user_id = $1`,
      [userId],
    );
    await tx.query(
      `update auth.users set email = case when email is null then null else encode(sha256(convert_to(email, 'utf8')), 'hex') || '@deleted.invalid' end,
         phone = null, encrypted_password = null, raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb,
         email_change = null, deleted_at = now(), updated_at = now() where id = $1`,
      [userId],
    );
  });
}
