import type { Context, Hono } from 'hono';
import { writeAudit } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed } from '../../errors/auth.js';
import { requireUser, secondFactorPending } from '../guards.js';
import { requestMeta } from '../request.js';

/** POST /logout: global, local or others. */
async function logOut(c: Context, { ctx }: AuthDeps) {
  const caller = await requireUser(ctx, c, 'allowed');
  const scope = c.req.query('scope') || 'global';
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const sid = caller.sessionId;
  if ((scope !== 'local' || !sid) && (await secondFactorPending(ctx.db, caller.user.id, caller.aal))) throw authError('insufficient_aal');
  if (scope === 'local' && sid) await ctx.db.query('delete from auth.sessions where id = $1', [sid]);
  else if (scope === 'others')
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [caller.user.id, sid ?? null]);
  else await ctx.db.query('delete from auth.sessions where user_id = $1', [caller.user.id]);
  const meta = requestMeta(c, ctx);
  await writeAudit(ctx.db, {
    event_type: 'auth.sign_out',
    user_id: caller.user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { scope },
  });
  return c.body(null, 204);
}

/**
 * POST /logout?scope=global|local|others: deletes sessions (their refresh tokens cascade); 204. A session that has
 * not passed the user's second factor may only end itself (scope=local).
 */
export function registerLogout(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/logout', h(logOut));
}
