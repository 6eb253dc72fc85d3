import type { Hono } from 'hono';
import { missingOperatorSettings } from '../../site/operator-settings.js';
import type { AdminDeps } from './deps.js';

/** GET /api/admin/site-setup: the console's setup card — which operator settings the public pages still miss (names only). */
export function registerSiteSetup(app: Hono, { ctx, caller }: AdminDeps) {
  app.get('/site-setup', async (c) => {
    await caller(c);
    return c.json({ missing: missingOperatorSettings(ctx.config) });
  });
}
