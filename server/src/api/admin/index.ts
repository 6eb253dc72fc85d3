import { Hono, type Context } from 'hono';
import type { AppContext } from '../../context.js';
import { clientIp } from '../../http/client-ip.js';
import { apiRateLimit } from '../limits.js';
import type { UserRow } from '../../accounts/index.js';
import { writeAudit } from '../../security/audit.js';
import type { AdminDeps } from './deps.js';
import { registerCoachStatus } from './coach-status.js';
import { requireAdminCaller } from './guard.js';
import { registerSiteSetup } from './site-setup.js';
import { registerStats } from './stats.js';
import { registerUsers } from './users.js';
import { registerWaitlistInvite } from './waitlist-invite.js';
import { registerAdminBilling } from '../../billing/admin-billing.js';

type Env = { Variables: { admin: UserRow } };

/** /api/admin: the operators' console operations that are not plain /rest/v1 calls. Admins only, rate-limited, audited. */
export function adminRoutes(ctx: AppContext): Hono {
  const app = new Hono<Env>();
  app.use('*', apiRateLimit(ctx, 'admin'));
  app.use('*', async (c, next) => {
    c.set('admin', await requireAdminCaller(ctx, c));
    c.header('Cache-Control', 'no-store');
    return next();
  });

  const deps: AdminDeps = {
    ctx,
    caller: async (c: Context) => (c as Context<Env>).get('admin'),
    audit: (c, admin, event, details) =>
      writeAudit(ctx.db, {
        event_type: event,
        severity: 'warn',
        user_id: admin.id,
        ip: clientIp(c, ctx.config),
        user_agent: c.req.header('user-agent'),
        details: { admin_email: admin.email, ...details },
      }),
  };
  const sub = app as unknown as Hono;
  registerWaitlistInvite(sub, deps);
  registerUsers(sub, deps);
  registerStats(sub, deps);
  registerCoachStatus(sub, deps);
  registerSiteSetup(sub, deps);
  registerAdminBilling(sub, deps);
  return app as unknown as Hono;
}
