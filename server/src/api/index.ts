import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { accountRoutes } from './account.js';
import { adminRoutes } from './admin/index.js';
import { voiceRoutes } from './voice.js';
import { waitlistRoutes } from './waitlist.js';

/** /api: app endpoints that are not data (health, runtime config, voice signed URL). */
export function apiRoutes(ctx: AppContext): Hono {
  const api = new Hono();
  api.get('/health', async (c) => {
    try {
      await ctx.db.query('select 1');
      return c.json({ status: 'ok', database: ctx.db.kind });
    } catch {
      return c.json({ status: 'unavailable', database: ctx.db.kind }, 503);
    }
  });
  api.route('/waitlist', waitlistRoutes(ctx));
  api.route('/admin', adminRoutes(ctx));
  api.route('/voice', voiceRoutes(ctx));
  api.route('/account', accountRoutes(ctx));
  api.get('/config', (c) => c.json(publicConfig(ctx, requestOrigin(c.req.url, c.req.header('x-forwarded-proto'), ctx.config.TRUST_PROXY))));
  return api;
}

function requestOrigin(url: string, proto: string | undefined, trustProxy: boolean) {
  const u = new URL(url);
  if (trustProxy && proto) u.protocol = `${proto}:`;
  return u.origin;
}

/** What the browser needs at start-up. Never the service key. */
export function publicConfig(ctx: AppContext, origin: string) {
  const { config, keys } = ctx;
  return {
    supabaseUrl: origin,
    anonKey: keys.anonKey,
    brandName: config.BRAND_NAME,
    bookingUrl: config.BOOKING_URL,
    introVideoUrl: config.INTRO_VIDEO_URL,
    voiceAvailable: Boolean(config.ELEVENLABS_API_KEY && config.ELEVENLABS_AGENT_ID),
    sessionTimeoutMinutes: config.SESSION_TIMEOUT_MINUTES,
    sessionWarningMinutes: config.SESSION_WARNING_MINUTES,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
