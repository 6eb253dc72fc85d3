import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.js';

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

/** GET /settings, /health and /.well-known/jwks.json (public). */
export function registerMeta(app: Hono, { ctx }: AuthDeps) {
  app.get('/settings', (c) =>
    c.json({
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
    }),
  );
  app.get('/health', (c) =>
    c.json({ version: 'v2-compatible', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: ctx.jwt.publicJwks() }, 200, { 'Cache-Control': 'public, max-age=600' }));
}
