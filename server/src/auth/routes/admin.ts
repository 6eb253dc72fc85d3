import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { adminDeleteUser, adminUpdateUser, parseBanDuration } from '../admin-users.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed, authErrorAt } from '../../errors/auth.js';
import { inviteByEmail } from '../flows.js';
import { requireAdmin } from '../guards.js';
import { issueToken } from '../one-time-tokens.js';
import { assertStrongPassword, hashPassword } from '../passwords.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, readBody, requestMeta } from '../request.js';
import { verifyLink, type VerifyType } from '../mail.js';
import { factorJson, findUserByEmail, findUserById, insertUser, userJson, type FactorRow, type UserRow } from '../users.js';
import { unenrollFactor } from '../factors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const obj = z.record(z.string(), z.unknown());
const attrs = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: obj.optional(),
  app_metadata: obj.optional(),
  role: z.string().max(255).optional(),
  ban_duration: z.string().optional(),
  id: z.string().optional(),
});
const linkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  data: obj.optional(),
  new_email: z.string().optional(),
  redirect_to: z.string().optional(),
});

async function userParam(deps: AuthDeps, c: Context): Promise<UserRow> {
  const id = c.req.param('id') ?? '';
  if (!UUID.test(id)) throw authErrorAt(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.ctx.db, id);
  if (!user) throw authError('user_not_found');
  return user;
}

/** Writes the auth.admin.<event> audit row for the request. */
function audit(ctx: AppContext, c: Context, event: string, userId: string | undefined, details: Record<string, unknown> = {}) {
  const meta = requestMeta(c, ctx);
  return writeAudit(ctx.db, {
    event_type: `auth.admin.${event}`,
    severity: 'warn',
    user_id: userId,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details,
  });
}

/** /admin/* and /invite: the service-role key only. */
export function registerAdmin(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  const serviceRoleOnly: MiddlewareHandler = async (c, next) => {
    await requireAdmin(deps.ctx, c);
    return next();
  };
  app.use('/admin/*', serviceRoleOnly);
  app.use('/invite', serviceRoleOnly);
  app.get('/admin/users', h(listUsers));
  app.post('/admin/users', h(createUser));
  app.get('/admin/users/:id', h(getUser));
  app.put('/admin/users/:id', h(updateUser));
  app.delete('/admin/users/:id', h(deleteUser));
  app.get('/admin/users/:id/factors', h(listUserFactors));
  app.delete('/admin/users/:id/factors/:factorId', h(deleteUserFactor));
  app.post('/invite', h(inviteUser));
  app.post('/admin/generate_link', h(generateLink));
}

/** GoTrue parses page and per_page as unsigned integers and answers 400 for anything else (e.g. page=-1). */
function pageParam(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,15}$/.test(raw))
    throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
  return Number(raw) || fallback;
}

/** GET /admin/users */
async function listUsers(c: Context, { ctx }: AuthDeps) {
  const page = Math.max(1, pageParam(c.req.query('page'), 1));
  const perPage = Math.min(1000, Math.max(1, pageParam(c.req.query('per_page'), 50)));
  const filter = c.req.query('filter')?.trim();
  const where = filter ? `where email ilike $3 or raw_user_meta_data ->> 'full_name' ilike $3` : '';
  const params: unknown[] = [perPage, (page - 1) * perPage, ...(filter ? [`%${filter.replace(/[%_\\]/g, '\\$&')}%`] : [])];
  const [{ rows }, total] = await Promise.all([
    ctx.db.query<UserRow>(`select * from auth.users ${where} order by created_at desc, id limit $1 offset $2`, params),
    ctx.db.query<{ n: string }>(
      `select count(*)::text as n from auth.users ${filter ? `where email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1` : ''}`,
      params.slice(2),
    ),
  ]);
  const count = Number(total.rows[0]?.n ?? 0);
  const last = Math.max(1, Math.ceil(count / perPage));
  const links = [
    ...(page < last ? [`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []),
    `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`,
  ];
  c.header('X-Total-Count', String(count));
  c.header('Link', links.join(', '));
  return c.json({ users: await Promise.all(rows.map((u) => userJson(ctx.db, u))), aud: 'authenticated' });
}

/** POST /admin/users */
async function createUser(c: Context, { ctx }: AuthDeps) {
  const b = await readBody(c, attrs);
  if (b.phone && !b.email) throw authError('phone_provider_disabled');
  if (!b.email) throw validationFailed('Cannot create a user without either an email or phone');
  const email = parseEmail(b.email);
  if (b.id && !UUID.test(b.id)) throw validationFailed('id must be a UUID');
  if (b.password !== undefined) assertStrongPassword(b.password, ctx.config);
  if (await findUserByEmail(ctx.db, email)) throw authError('email_exists');
  const ban = b.ban_duration ? parseBanDuration(b.ban_duration) : null;
  const passwordHash = b.password ? await hashPassword(b.password, ctx.config.AUTH_BCRYPT_COST) : null;
  const user = await ctx.db.transaction((tx) =>
    insertUser(tx, {
      id: b.id?.toLowerCase(),
      email,
      passwordHash,
      userMetadata: b.user_metadata ?? {},
      appMetadata: b.app_metadata,
      confirmed: b.email_confirm === true,
      role: b.role,
      bannedUntil: ban === null ? null : new Date(Date.now() + ban),
    }),
  );
  await audit(ctx, c, 'user_created', user.id);
  return c.json(await userJson(ctx.db, user));
}

/** GET /admin/users/:id */
async function getUser(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  return c.json(await userJson(ctx.db, await userParam(deps, c)));
}

/** PUT /admin/users/:id */
async function updateUser(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const user = await userParam(deps, c);
  const b = await readBody(c, attrs);
  if (b.phone) throw authError('phone_provider_disabled');
  const updated = await adminUpdateUser(ctx, user, { ...b, email: b.email ? parseEmail(b.email) : undefined });
  await audit(ctx, c, 'user_updated', user.id, {
    fields: Object.keys(b)
      .filter((k) => k !== 'password')
      .concat(b.password ? ['password'] : []),
  });
  return c.json(await userJson(ctx.db, updated));
}

/** DELETE /admin/users/:id */
async function deleteUser(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const user = await userParam(deps, c);
  const b = await readBody(c, z.object({ should_soft_delete: z.boolean().optional() }));
  await adminDeleteUser(ctx, user.id, b.should_soft_delete === true);
  await audit(ctx, c, 'user_deleted', user.id, { soft: b.should_soft_delete === true });
  return c.json({});
}

/** GET /admin/users/:id/factors */
async function listUserFactors(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const user = await userParam(deps, c);
  const { rows } = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [user.id]);
  return c.json(rows.map(factorJson));
}

/** DELETE /admin/users/:id/factors/:factorId */
async function deleteUserFactor(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const user = await userParam(deps, c);
  const fid = c.req.param('factorId')!;
  const { rows } = UUID.test(fid)
    ? await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [fid, user.id])
    : { rows: [] };
  if (!rows[0]) throw authError('mfa_factor_not_found');
  await unenrollFactor(ctx.db, rows[0].id);
  await audit(ctx, c, 'factor_deleted', user.id, { factor_id: rows[0].id });
  return c.json(factorJson(rows[0]));
}

/** POST /invite */
async function inviteUser(c: Context, { ctx }: AuthDeps) {
  const b = await readBody(c, z.object({ email: z.string().optional(), data: obj.optional() }));
  const user = await inviteByEmail(ctx, {
    email: parseEmail(b.email),
    data: b.data,
    redirectTo: c.req.query('redirect_to'),
    meta: requestMeta(c, ctx),
  });
  return c.json(user);
}

/** POST /admin/generate_link */
async function generateLink(c: Context, { ctx }: AuthDeps) {
  const b = await readBody(c, linkBody);
  const email = parseEmail(b.email);
  const redirectTo = pickRedirect(c.req.query('redirect_to') || b.redirect_to, ctx.config);
  let user = await findUserByEmail(ctx.db, email);
  let type = b.type as VerifyType | 'email_change_new' | 'email_change_current' | undefined;
  if (type === 'magiclink' && !user) type = 'signup';
  let verification: VerifyType;
  let tokenType: Parameters<typeof issueToken>[2];
  let relatesTo = email;
  switch (type) {
    case 'signup':
    case 'invite':
      if (user?.email_confirmed_at) throw authError('email_exists');
      if (type === 'signup' && b.password !== undefined) assertStrongPassword(b.password, ctx.config);
      user ??= await ctx.db.transaction(async (tx) =>
        insertUser(tx, {
          email,
          passwordHash: type === 'signup' && b.password ? await hashPassword(b.password, ctx.config.AUTH_BCRYPT_COST) : null,
          userMetadata: b.data ?? {},
          confirmed: false,
          invited: type === 'invite',
        }),
      );
      verification = type;
      tokenType = 'confirmation_token';
      break;
    case 'magiclink':
    case 'recovery':
      if (!user) throw authError('user_not_found', 'User with this email not found');
      verification = type;
      tokenType = 'recovery_token';
      break;
    case 'email_change_new':
    case 'email_change_current': {
      if (!user) throw authError('user_not_found', 'User with this email not found');
      if (!b.new_email) throw validationFailed('The new email address must be provided');
      const newEmail = parseEmail(b.new_email);
      if (await findUserByEmail(ctx.db, newEmail)) throw authError('email_exists');
      if (type === 'email_change_current' && !ctx.config.AUTH_DOUBLE_CONFIRM_CHANGES)
        throw validationFailed('email_change_current requires secure email change (AUTH_DOUBLE_CONFIRM_CHANGES)');
      await ctx.db.query('update auth.users set email_change = $2, email_change_sent_at = now() where id = $1', [user.id, newEmail]);
      verification = 'email_change';
      tokenType = type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current';
      // the link for the current address: the new address's half is issued too, as GoTrue does (both are needed)
      if (type === 'email_change_current') {
        const u = user;
        await ctx.db.transaction((tx) => issueToken(tx, u.id, 'email_change_token_new', newEmail, false));
      } else relatesTo = newEmail;
      break;
    }
    default:
      throw validationFailed('Invalid email action link type requested');
  }
  const u = user;
  const token = await ctx.db.transaction((tx) => issueToken(tx, u.id, tokenType, relatesTo, false));
  await audit(ctx, c, 'link_generated', u.id, { type });
  const fresh = (await findUserById(ctx.db, u.id))!;
  return c.json({
    ...(await userJson(ctx.db, fresh)),
    action_link: verifyLink(ctx, token.linkToken, verification, redirectTo),
    email_otp: token.otp,
    hashed_token: token.linkToken,
    verification_type: verification,
    redirect_to: redirectTo,
  });
}
