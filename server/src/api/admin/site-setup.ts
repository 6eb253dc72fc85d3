import type { Context, Hono } from 'hono';
import { missingOperatorSettings } from '../../site/operator-settings.js';
import { bindTo, type AdminDeps } from './deps.js';

/** GET /api/admin/site-setup: the console's setup card — which operator settings the public pages still miss (names only). */
export function registerSiteSetup(app: Hono, deps: AdminDeps) {
  const h = bindTo(deps);
  app.get('/site-setup', h(getSiteSetup));
}

/** GET /site-setup */
async function getSiteSetup(c: Context, { ctx, caller }: AdminDeps) {
  await caller(c);
  return c.json({ missing: missingOperatorSettings(ctx.config) });
}
