import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { coachStatus } from '../coach/provider.js';
import { accountRoutes } from './account.js';
import { billingRoutes } from '../billing/routes.js';
import { stripeMetricsRoutes } from '../metrics/stripe-routes.js';
import { adminRoutes } from './admin/index.js';
import { healthRoutes } from './health.js';
import { opsRoutes } from './ops.js';
import { visitorAssistantRoutes } from './visitor-assistant.js';
import { voiceRoutes } from './voice.js';
import { waitlistRoutes } from './waitlist.js';
import { publicContact } from '../site/operator-settings.js';
import { weeklyReviewRoutes } from '../review/unsubscribe.js';

/** /api: app endpoints that are not data (health, runtime config, voice signed URL). */
export function apiRoutes(ctx: AppContext): Hono {
  const api = new Hono();
  api.route('/health', healthRoutes(ctx));
  api.route('/waitlist', waitlistRoutes(ctx));
  api.route('/admin', adminRoutes(ctx));
  api.route('/voice', voiceRoutes(ctx));
  api.route('/account', accountRoutes(ctx));
  api.route('/ops', opsRoutes(ctx));
  api.route('/integration-assistant', visitorAssistantRoutes(ctx));
  api.route('/billing', billingRoutes(ctx));
  api.route('/metrics/stripe', stripeMetricsRoutes(ctx));
  api.route('/weekly-review', weeklyReviewRoutes(ctx));
  // SITE_URL only, never the Host header: a forged Host must not reach a browser (or a cache) as the API's address.
  api.get('/config', (c) => c.json(publicConfig(ctx), 200, { 'Cache-Control': 'no-store' }));
  return api;
}

/** What the browser needs at start-up. Never the service key. The API's address is the configured SITE_URL. */
export function publicConfig(ctx: AppContext) {
  const { config, keys } = ctx;
  return {
    supabaseUrl: config.SITE_URL,
    anonKey: keys.anonKey,
    brandName: config.BRAND_NAME,
    bookingUrl: config.BOOKING_URL,
    introVideoUrl: config.INTRO_VIDEO_URL,
    /** The operator's contact details; unset ones are left out (the pages hide them). */
    contact: publicContact(config),
    voiceAvailable: Boolean(config.ELEVENLABS_API_KEY && config.ELEVENLABS_AGENT_ID),
    /** SENTRY_DSN is set: the page reports its uncaught errors to /api/client-errors. */
    errorReporting: Boolean(config.SENTRY_DSN),
    sessionTimeoutMinutes: config.SESSION_TIMEOUT_MINUTES,
    sessionWarningMinutes: config.SESSION_WARNING_MINUTES,
    /** The auth server's real password minimum (AUTH_PASSWORD_MIN_LENGTH), stated by the reset and sign-up forms. */
    passwordMinLength: config.AUTH_PASSWORD_MIN_LENGTH,
    /** Whether the AI coach has a provider; never which one or its key. */
    coach: { configured: coachStatus(config).configured },
    /** Whether signed-out visitors get answers from the Integration Assistant (a provider, and visitor limits above 0). */
    visitorAssistant: coachStatus(config).configured && config.ASSISTANT_VISITOR_PER_HOUR > 0 && config.ASSISTANT_VISITOR_PER_DAY > 0,
    /** Stripe is set up: Your Plan offers checkout instead of requests to the team (docs/billing.md). */
    checkout: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET),
  };
}
