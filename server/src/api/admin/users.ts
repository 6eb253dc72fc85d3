import type { AdminUserSummary } from '@app/shared/admin';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { adminUpdateUser, findUserById, unenrollFactor, type UserRow } from '../../accounts/index.js';
import type { AppContext } from '../../context.js';
import { bindTo, type AdminDeps } from './deps.js';
import { adminError } from './guard.js';

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
const uuid = z.string().uuid();
/** GoTrue's ban_duration for "until lifted": a hundred years. */
const BAN_FOREVER = '876000h';

const escapeLike = (s: string) => s.replace(/[%_\\]/g, '\\$&');

/** The user the path names (:id), not deleted; with notSelf, refused when it is the admin themself. */
async function target(ctx: AppContext, c: Context, admin: UserRow, opts: { notSelf?: string } = {}): Promise<UserRow> {
  const id = uuid.safeParse(c.req.param('id'));
  const user = id.success ? await findUserById(ctx.db, id.data) : undefined;
  if (!user || user.deleted_at) throw adminError('user_not_found');
  if (opts.notSelf && user.id === admin.id) throw adminError('self_action', opts.notSelf);
  return user;
}

/** The body's one boolean flag ({admin: true} or {banned: false}), or 400. */
async function readFlag(c: Context, key: 'admin' | 'banned'): Promise<boolean> {
  const parsed = z.object({ [key]: z.boolean() }).safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) throw adminError('validation_failed', `${key}: a boolean is required`);
  return parsed.data[key] as boolean;
}

/** /users: list and search, grant or revoke admin, ban or unban, reset MFA. Every change is audited. */
export function registerUsers(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.get('/users', h(listUsers));
  app.post('/users/:id/admin', h(setAdminRole));
  app.post('/users/:id/ban', h(setBanned));
  app.post('/users/:id/reset-mfa', h(resetMfa));
}

/** GET /users */
async function listUsers(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  const parsed = listQuery.safeParse(c.req.query());
  if (!parsed.success) throw adminError('validation_failed', 'Invalid page or search');
  const { q, page, per_page } = parsed.data;
  // internal.accounts (migration 0530) is the one definition of an account, shared with admin_overview().
  const where = q ? `where u.email ilike $3 or u.raw_user_meta_data ->> 'full_name' ilike $3` : '';
  const params: unknown[] = [per_page, (page - 1) * per_page, ...(q ? [`%${escapeLike(q)}%`] : [])];
  const [{ rows }, total] = await Promise.all([
    ctx.db.query<AdminUserSummary>(
      `select u.id, u.email, u.raw_user_meta_data ->> 'full_name' as full_name, u.created_at, u.last_sign_in_at, u.email_confirmed_at,
              u.invited_at, u.banned_until, coalesce(u.raw_app_meta_data ->> 'role', '') = 'admin' as is_admin,
              (select count(*)::int from auth.mfa_factors f where f.user_id = u.id) as mfa_factors
       from internal.accounts u ${where} order by u.created_at desc, u.id limit $1 offset $2`,
      params,
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from internal.accounts u ${where.replace(/\$3/g, '$1')}`, params.slice(2)),
  ]);
  return c.json({ users: rows, total: total.rows[0]?.n ?? 0, page, per_page });
}

/** POST /users/:id/admin */
async function setAdminRole(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const grant = await readFlag(c, 'admin');
  const user = await target(ctx, c, admin, grant ? {} : { notSelf: 'You cannot remove your own admin role' });
  await adminUpdateUser(ctx, user, { app_metadata: { role: grant ? 'admin' : null } });
  // A revoked admin's refresh tokens go, so the admin claim in their access token dies with its expiry.
  if (!grant) await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  await audit(c, admin, grant ? 'admin.role_granted' : 'admin.role_revoked', { target_user_id: user.id });
  return c.json({ id: user.id, is_admin: grant });
}

/** POST /users/:id/ban */
async function setBanned(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const banned = await readFlag(c, 'banned');
  const user = await target(ctx, c, admin, banned ? { notSelf: 'You cannot ban yourself' } : {});
  const updated = await adminUpdateUser(ctx, user, { ban_duration: banned ? BAN_FOREVER : 'none' });
  await audit(c, admin, banned ? 'admin.user_banned' : 'admin.user_unbanned', { target_user_id: user.id });
  return c.json({ id: user.id, banned_until: updated.banned_until ? new Date(updated.banned_until).toISOString() : null });
}

/** POST /users/:id/reset-mfa */
async function resetMfa(c: Context, { ctx, caller, audit }: AdminDeps) {
  const admin = await caller(c);
  const user = await target(ctx, c, admin);
  const { rows } = await ctx.db.query<{ id: string }>('select id from auth.mfa_factors where user_id = $1', [user.id]);
  for (const f of rows) await unenrollFactor(ctx.db, f.id);
  await audit(c, admin, 'admin.mfa_reset', { target_user_id: user.id, factors_removed: rows.length });
  return c.json({ id: user.id, factors_removed: rows.length });
}
