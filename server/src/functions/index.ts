import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { clientIp } from '../http/client-ip.js';
import { functionsRateLimited } from '../errors/json.js';
import { createRateLimiter, rateLimit } from '../http/rate-limit.js';
import { dataExportRoutes } from '../export/routes.js';
import { crmFunctionRoutes } from '../crm/routes.js';
import { metricsFunctionRoutes } from '../metrics/routes.js';
import { planFunctionRoutes } from '../plan/routes.js';
import { coachHandler } from '../coach/http/handler.js';
import { customPasswordReset } from './custom-password-reset.js';
import { emergencyPasswordChange } from './emergency-password-change.js';
import { fail, requireSecondFactorPassed } from './common.js';

type Handler = (ctx: AppContext, c: Context) => Promise<Response>;
const FUNCTIONS: Record<string, Handler> = {
  'custom-password-reset': customPasswordReset,
  'emergency-password-change': emergencyPasswordChange,
};

/** /functions/v1/<name>: server functions, one file each. POST only (supabase-js functions.invoke). */
export function functionRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  // The override checks the second factor itself (a live aal2 admin) so that its refusals are audited.
  const secondFactor = requireSecondFactorPassed(ctx);
  app.use('*', (c, next) => (c.req.path.endsWith('/emergency-password-change') ? next() : secondFactor(c, next)));
  // The override is for rare operator use; refusals write audit rows, so a flood is cut off per IP.
  // (custom-password-reset is limited by the accounts service's /recover limits.)
  const overrideLimit = createRateLimiter(ctx, { keyPrefix: 'fn-emergency-ip', points: 20, durationSeconds: 900 });
  app.post(
    '/emergency-password-change',
    rateLimit(overrideLimit, (c) => clientIp(c, ctx.config), functionsRateLimited),
  );
  // The AI coach streams its reply (an AI SDK UI message stream); its errors are { code, message }.
  app.post('/coach', coachHandler(ctx));
  app.all('/coach', (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
  // The customer's own changes to their 90-day plan (server/src/plan).
  app.route('/plan', planFunctionRoutes(ctx));
  // "Download my data" on /user: the customer's data as one zip (server/src/export).
  app.route('/data-export', dataExportRoutes(ctx));
  // The customer's own numbers written by the server as the customer: a CSV import (server/src/metrics).
  app.route('/metrics', metricsFunctionRoutes(ctx));
  // The CRM's contacts import (all or nothing) and CSV export (server/src/crm, docs/crm.md).
  app.route('/crm', crmFunctionRoutes(ctx));
  for (const [name, handler] of Object.entries(FUNCTIONS)) {
    app.post(`/${name}`, (c) => handler(ctx, c));
    app.all(`/${name}`, (c) => fail(c, 'method_not_allowed', undefined, { headers: { Allow: 'POST' } }));
  }
  return app;
}
