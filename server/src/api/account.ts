import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { clientIp } from '../http/client-ip.js';
import { apiRateLimit } from './limits.js';
import { writeAudit } from '../security/audit.js';
import { requireSignedIn } from './signed-in.js';
import { bindTo } from '../http/bind.js';

const PERSONAL_TABLES = ['analytics_events', 'integration_requests', 'connection_requests', 'contact_messages'] as const;

/** POST /delete: the signed-in customer deletes their account. */
async function deleteAccount(c: Context, ctx: AppContext) {
  c.header('Cache-Control', 'no-store');
  const ip = clientIp(c, ctx.config);
  const { user } = await requireSignedIn(ctx, c);
  await ctx.db.transaction(async (tx) => {
    // Rows that only point at the user (no cascading FK, or "set null" that would keep their content): removed.
    for (const table of PERSONAL_TABLES) await tx.query(`delete from public.${table} where user_id = $1`, [user.id]);
    // Everything else cascades from auth.users; consent records stay, anonymised by their FK, as proof of consent.
    await tx.query('delete from auth.users where id = $1', [user.id]);
  });
  await writeAudit(ctx.db, {
    event_type: 'account.deleted',
    severity: 'warn',
    ip,
    user_agent: c.req.header('user-agent'),
    details: { user_id: user.id },
  });
  return c.json({ deleted: true });
}

/**
 * POST /api/account/delete: a signed-in user deletes their own account. Deleting auth.users cascades to every
 * row that references it (sessions, profiles, business profile, ideas...). The audit row keeps who and when.
 */
export function accountRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const h = bindTo(ctx);
  app.post('/delete', apiRateLimit(ctx, 'accountDelete'), h(deleteAccount));
  return app;
}
