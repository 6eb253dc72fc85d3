import type { Context, Hono } from 'hono';
import { bindTo, type AuthDeps } from '../deps.js';

const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

/** GET /settings: what this server offers, in GoTrue's shape (no OAuth provider is enabled). */
function authSettings(c: Context, { ctx }: AuthDeps) {
  return c.json({
    external: {
      anonymous_users: ctx.config.AUTH_ANONYMOUS_SIGN_INS,
      ...Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, false])),
      email: true,
      phone: ctx.config.AUTH_PHONE_ENABLED,
    },
    disable_signup: !ctx.config.AUTH_SIGNUP_ENABLED,
    mailer_autoconfirm: !ctx.config.AUTH_REQUIRE_EMAIL_CONFIRMATION,
    phone_autoconfirm: ctx.config.AUTH_PHONE_ENABLED && ctx.config.AUTH_PHONE_AUTOCONFIRM,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: ctx.config.AUTH_PASSKEYS_ENABLED,
  });
}

/** GET /health: GoTrue's identity answer. */
function authHealth(c: Context) {
  return c.json({ version: 'v2-compatible', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
}

/** GET /.well-known/jwks.json: the public signing keys, cacheable for ten minutes. */
function publicJwks(c: Context, { ctx }: AuthDeps) {
  return c.json({ keys: ctx.jwt.publicJwks() }, 200, { 'Cache-Control': 'public, max-age=600' });
}

/** GET /settings, /health and /.well-known/jwks.json (public). */
export function registerMeta(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.get('/settings', h(authSettings));
  app.get('/health', h(authHealth));
  app.get('/.well-known/jwks.json', h(publicJwks));
}
