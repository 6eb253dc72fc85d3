import { z } from 'zod';
import { DEFAULT_STATEMENT_TIMEOUTS as TIMEOUTS } from './db/statement-timeouts.js';

/** Every environment variable the server reads, parsed once. docs/configuration.md's table mirrors this (config-table.test.ts). */
const priceId = z.string().regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)');
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.string().url();
const phone = z
  .string()
  .regex(/^\+?[0-9][0-9 ()-]{4,24}$/, 'must be a phone number: digits, spaces, ( ) and -, optionally starting with +');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** The embedded PostgreSQL's buffer cache (shared_buffers), in MB. Smaller opens faster: the test servers use 16. */
  PGLITE_SHARED_BUFFERS_MB: int(1, 4096).default(128),
  WEB_DIST_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SITE_URL: url.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRY: int(30, 604800).default(3600),
  AUTH_REQUIRE_EMAIL_CONFIRMATION: bool.default(false),
  /** false: POST /signup (and admin-less sign-up by OTP) answers 422 signup_disabled; admins can still create and invite users. */
  AUTH_SIGNUP_ENABLED: bool.default(true),
  /** true: POST /signup with no e-mail or phone creates an anonymous user (is_anonymous claim), linkable later via updateUser. */
  AUTH_ANONYMOUS_SIGN_INS: bool.default(false),
  /** OAuth 2.1 server: POST /auth/v1/oauth/clients/register lets any client register itself (GoTrue's OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION). */
  AUTH_OAUTH_DYNAMIC_REGISTRATION: bool.default(false),
  /** OAuth 2.1 server: the app page (path under SITE_URL) where a signed-in user approves or denies a client. */
  AUTH_OAUTH_CONSENT_PATH: z
    .string()
    .regex(/^\/[\w\-/]*$/, 'must be a path such as /oauth/consent')
    .default('/oauth/consent'),
  /** false: /auth/v1 accepts calls without the anon key, as the Supabase CLI's gateway does (local development only). */
  AUTH_API_KEY_REQUIRED: bool.default(true),
  /**
   * Phone accounts (GoTrue's EXTERNAL_PHONE_ENABLED): sign-up and sign-in with a number and a password, 6-digit codes
   * by text message. No SMS provider is built in (texts go to the development outbox), so refused in production.
   */
  AUTH_PHONE_ENABLED: bool.default(false),
  /** Phone sign-ups are confirmed at once, with a session, without a code (GoTrue's SMS_AUTOCONFIRM). */
  AUTH_PHONE_AUTOCONFIRM: bool.default(false),
  /** Passkey sign-in (supabase.auth.passkey.*) and WebAuthn second factors; false answers 422 for both. */
  AUTH_PASSKEYS_ENABLED: bool.default(true),
  /** WebAuthn relying-party id (a registrable domain); default: SITE_URL's host name. */
  AUTH_WEBAUTHN_RP_ID: z.string().min(1).optional(),
  /** Comma-separated origins WebAuthn ceremonies may come from; default: SITE_URL's origin. */
  AUTH_WEBAUTHN_RP_ORIGINS: z.string().min(1).optional(),
  /**
   * Sign-up confirmation mails: 'app' links to the app's {SITE_URL}/auth/confirm?token_hash=…&type=signup, which the
   * app verifies with verifyOtp (works on any device, as Supabase recommends); 'verify' is GoTrue's /auth/v1/verify link.
   */
  AUTH_EMAIL_LINKS: z.enum(['app', 'verify']).default('app'),
  /**
   * PUT /user with a new password needs `current_password` or a reauthentication `nonce`, unless the session came from a
   * mailed link or code within AUTH_OTP_EXPIRY (reset, invitation). GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD.
   */
  AUTH_PASSWORD_CHANGE_REQUIRES_CURRENT: bool.default(true),
  /**
   * Secure e-mail change (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED / double_confirm_changes): PUT /user {email}
   * mails a link to the current and to the new address, and both must be followed. False: one link, to the new one.
   */
  AUTH_DOUBLE_CONFIRM_CHANGES: bool.default(true),
  AUTH_PASSWORD_MIN_LENGTH: int(6, 72).default(8),
  AUTH_ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  AUTH_SIGNING_KEYS: z.string().optional(),
  AUTH_BCRYPT_COST: int(4, 14).default(10),
  /** Lifetime of mailed links and codes, seconds. */
  AUTH_OTP_EXPIRY: int(60, 86400).default(3600),
  /** Minimum gap between two auth mails to one address, seconds (Supabase's SMTP max frequency). */
  AUTH_EMAIL_MIN_INTERVAL: int(0, 3600).default(60),
  /** A revoked refresh token may still be used this long (concurrent tabs), seconds; later use revokes the session. */
  AUTH_REFRESH_REUSE_INTERVAL: int(0, 3600).default(10),
  /** Per client IP, per 5 minutes: sign-ups, recover, resend, verify, OTP, user updates (each endpoint counted apart). */
  AUTH_RATE_LIMIT_IP: int(1, 1_000_000).default(100),
  /** Per client IP, per 5 minutes: /token grants (sign-in, refresh, PKCE exchange). */
  AUTH_RATE_LIMIT_TOKEN_IP: int(1, 1_000_000).default(300),
  /** Per e-mail address, per 5 minutes: sign-ups, OTP requests and verifications naming it (never password sign-in). */
  AUTH_RATE_LIMIT_EMAIL: int(1, 1_000_000).default(30),
  /** Per client IP, per 24 hours: failed password sign-ins, whatever the address (docs/decisions/0033). */
  AUTH_RATE_LIMIT_SIGNIN_FAILURES_IP: int(1, 1_000_000).default(100),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  /** How often each server looks for waitlist confirmations due (a retry, or one a crash left), seconds. */
  WAITLIST_MAIL_POLL_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /** Wait before a failed confirmation's first retry, seconds; it doubles with each failure (up to 6 hours). */
  WAITLIST_MAIL_RETRY_SECONDS: z.coerce.number().positive().max(21600).default(60),
  /** Sending attempts per confirmation before it is marked failed (kept, and counted in the admin console). */
  WAITLIST_MAIL_MAX_ATTEMPTS: int(1, 100).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  ELEVENLABS_API_KEY: z.string().min(1).optional(),
  ELEVENLABS_AGENT_ID: z.string().min(1).optional(),
  ELEVENLABS_API_URL: url.default('https://api.elevenlabs.io'),
  // The operator's own details (issue 44): unset, the pages hide them; in production start-up names the missing ones.
  /** The strategy-session scheduling page (a Calendly link); unset, booking offers the other ways to reach us. */
  BOOKING_URL: url.optional(),
  /** The intro video's embed address (youtube-nocookie); unset, the pages show a poster and no play button. */
  INTRO_VIDEO_URL: url.optional(),
  /** The public contact address, shown in the footer and on the contact pages. */
  CONTACT_EMAIL: z.string().email().max(200).optional(),
  /** The office phone number, as printed (+44 20 ...). */
  CONTACT_PHONE: phone.optional(),
  /** A second (mobile) phone number, as printed. */
  CONTACT_PHONE_2: phone.optional(),
  /** The postal address on one line, parts separated by commas (the company's name first). */
  CONTACT_ADDRESS: z.string().min(5).max(300).optional(),
  BRAND_NAME: z.string().min(1).max(60).default('Vibe Business Coach'),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().positive().max(1440).default(240),
  SESSION_WARNING_MINUTES: z.coerce.number().positive().max(1440).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** How many proxies of ours append to X-Forwarded-For: the client is the hop this many places from the right. */
  TRUST_PROXY_HOPS: int(1, 20).default(1),
  REST_MAX_ROWS: int(1, 100000).default(1000),
  /** count()/sum()/avg()/min()/max() in select (PostgREST's db-aggregates-enabled; off by default, as in Supabase). */
  REST_AGGREGATES_ENABLED: bool.default(false),
  /** EXPLAIN through Accept: application/vnd.pgrst.plan (PostgREST's db-plan-enabled; off by default, as in Supabase). */
  REST_EXPLAIN_ENABLED: bool.default(false),
  /** Schemas /rest/v1 exposes, comma-separated (PostgREST's db-schemas); the first is the default profile. */
  REST_SCHEMAS: z
    .string()
    .default('public')
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean))
    .pipe(
      z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/, 'schema names: letters, digits, _ and $')).min(1, 'at least one schema'),
    ),
  /**
   * Schemas after the request's own in each /rest/v1 transaction's search_path, comma-separated (PostgREST's
   * db-extra-search-path, default public; Supabase's `supabase init` writes public,extensions).
   */
  REST_EXTRA_SEARCH_PATH: z
    .string()
    .default('public')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/, 'schema names: letters, digits, _ and $'))),
  BODY_LIMIT_BYTES: int(1024, 50_000_000).default(1_000_000),
  /**
   * Statement time bounds per database role, milliseconds (issue 38; docs/security.md "Time bounds"). A /rest/v1
   * request runs under its role's (anon and authenticated as Supabase sets them: 3 s and 8 s); service_role's also
   * bounds the server's own statements (auth, /api, functions, migrations, maintenance). On PGlite, which cannot
   * enforce statement_timeout, a watchdog restarts the database thread once a statement runs past its bound.
   */
  DB_STATEMENT_TIMEOUT_ANON_MS: int(100, 3_600_000).default(TIMEOUTS.DB_STATEMENT_TIMEOUT_ANON_MS),
  DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: int(100, 3_600_000).default(TIMEOUTS.DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS),
  DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: int(100, 3_600_000).default(TIMEOUTS.DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS),
  RATE_LIMIT_DISABLED: bool.default(false),
  /** Bearer token for GET /metrics (Prometheus); unset = no /metrics at all (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Sentry-compatible DSN: unhandled server errors and browser errors are sent there, without personal data. */
  SENTRY_DSN: z
    .string()
    .regex(/^https?:\/\/[^@/\s]+@[^/\s]+(\/[^\s]*)?\/\d+\/?$/, 'must look like https://KEY@HOST/PROJECT_ID')
    .optional(),
  /** On SIGTERM/SIGINT: how long running requests get to finish before their connections are cut, seconds. */
  SHUTDOWN_TIMEOUT_SECONDS: int(1, 600).default(25),
  /** How often one instance runs the job queue's upkeep (expiring jobs of a crashed worker, archiving), seconds. */
  JOB_QUEUE_MAINTENANCE_SECONDS: int(1, 3600).default(120),
  /** Connections (issue 40): true lets steps call private, loopback and link-local addresses (tests, local development). */
  CONNECTIONS_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** A connection step's call: whole-request timeout, seconds (connecting: at most 5 s of it). */
  CONNECTIONS_TIMEOUT_SECONDS: int(1, 120).default(15),
  /** The first retry's wait, ms; each later one doubles, with jitter (6 attempts: about an hour at the default). */
  CONNECTIONS_RETRY_BASE_MS: int(10, 3_600_000).default(120_000),
  /** A run still being worked after this long is taken to have crashed with its server and is run again, seconds. */
  CONNECTIONS_RUN_EXPIRE_SECONDS: int(5, 86_400).default(900),
  /** How often each instance turns recorded product events (a task completed, a figure recorded) into runs, ms. */
  CONNECTIONS_EVENT_POLL_MS: int(50, 3_600_000).default(1_000),
  /** The AI coach's provider (docs/decisions/0030). Unset: the coach answers 503 ai_not_configured. */
  AI_PROVIDER: z.enum(['openai', 'anthropic', 'google', 'mistral', 'openai-compatible']).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** The Pro plan's larger model; AI_MODEL when unset. */
  AI_MODEL_ENHANCED: z.string().min(1).max(200).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** The provider's API address (required for openai-compatible: Ollama, vLLM, LM Studio, OpenRouter…). */
  AI_BASE_URL: url.optional(),
  /** A reply (all its tool steps) is abandoned after this long, seconds. */
  AI_TIMEOUT_SECONDS: int(1, 600).default(60),
  /** Coach messages per user per hour (also the unlimited tier's fair-use limit). */
  COACH_RATE_LIMIT_PER_HOUR: int(1, 100_000).default(60),
  /** Integration Assistant answers to signed-out visitors, per IP per hour (0: visitors are only invited to sign in). */
  ASSISTANT_VISITOR_PER_HOUR: int(0, 10_000).default(10),
  /** Integration Assistant answers to all signed-out visitors together per day: the operators' cost ceiling. */
  ASSISTANT_VISITOR_PER_DAY: int(0, 1_000_000).default(500),
  /** Stripe (issue 41, docs/billing.md). Unset: no checkout; operators set plans and grant credits by hand. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The webhook endpoint's signing secret (whsec_…): POST /api/billing/stripe-webhook verifies every event. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API address; unset = Stripe itself. Tests point it at a local stand-in. */
  STRIPE_API_URL: url.optional(),
  /** Stripe Tax (UK VAT) on checkout: automatic_tax and billing address collection. */
  STRIPE_TAX_ENABLED: bool.default(false),
  /** Monthly price ids, per plan and currency (the specification's prices: Vibe BC £99/$126, Pro £299/$380, Growth £499/$634). */
  STRIPE_PRICE_BASIC_GBP: priceId.optional(),
  STRIPE_PRICE_BASIC_USD: priceId.optional(),
  STRIPE_PRICE_PRO_GBP: priceId.optional(),
  STRIPE_PRICE_PRO_USD: priceId.optional(),
  STRIPE_PRICE_GROWTH_GBP: priceId.optional(),
  STRIPE_PRICE_GROWTH_USD: priceId.optional(),
  /** One-off price ids of the credit top-up packs Your Plan shows (1,000 / 5,000 / 10,000 credits). */
  STRIPE_PRICE_TOPUP_1000_GBP: priceId.optional(),
  STRIPE_PRICE_TOPUP_1000_USD: priceId.optional(),
  STRIPE_PRICE_TOPUP_5000_GBP: priceId.optional(),
  STRIPE_PRICE_TOPUP_5000_USD: priceId.optional(),
  STRIPE_PRICE_TOPUP_10000_GBP: priceId.optional(),
  STRIPE_PRICE_TOPUP_10000_USD: priceId.optional(),
  /** Days a past-due subscription keeps its plan before the coach stops (Stripe retries the card meanwhile). */
  STRIPE_GRACE_DAYS: int(0, 60).default(7),
  /**
   * Keys that encrypt customers' secrets at rest (a read-only Stripe key, issue 42): `id:base64` (32 bytes each),
   * comma-separated, the first encrypting and all decrypting (docs/metrics-stripe.md "Rotating the key").
   * Unset: one generated into DATA_DIR/data-key on first start.
   */
  DATA_ENCRYPTION_KEYS: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,20}:[A-Za-z0-9+/]{43}=(,[A-Za-z0-9_-]{1,20}:[A-Za-z0-9+/]{43}=)*$/,
      'must be id:base64 of 32 bytes, comma-separated',
    )
    .optional(),
});

export type Config = z.infer<typeof schema> & { SITE_URL: string; redirectAllowList: string[] };

export class ConfigError extends Error {}

/**
 * Without SITE_URL, the address the server listens on (README's "open http://127.0.0.1:3000"), or localhost when
 * it listens on every interface. Every public URL (the browser's API address, mail links, token issuer) comes
 * from SITE_URL, never from a request's Host header, so it must be the address people open.
 */
export function defaultSiteUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** Parses the environment; throws ConfigError listing one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.AUTH_PHONE_ENABLED && c.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_PHONE_ENABLED: no SMS provider is built in (texts go to the development outbox); not for NODE_ENV=production',
    );
  const siteUrl = (c.SITE_URL ?? defaultSiteUrl(c.HOST, c.PORT)).replace(/\/$/, '');
  const redirectAllowList = c.AUTH_ADDITIONAL_REDIRECT_URLS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return { ...c, SITE_URL: siteUrl, redirectAllowList };
}
