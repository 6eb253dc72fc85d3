import { Hono, type MiddlewareHandler } from 'hono';
import type { AppContext } from '../context.js';
import { authCors } from './cors.js';
import type { AuthDeps } from './deps.js';
import { authError, gatewayRefusal, sendAuthError } from '../errors/auth.js';
import { authLimitsFor } from './limits.js';
import { registerAdmin } from './routes/admin.js';
import { registerDisabled } from './routes/disabled.js';
import { registerLogout } from './routes/logout.js';
import { registerMail } from './routes/mail-flows.js';
import { registerMeta } from './routes/meta.js';
import { registerMfa } from './routes/mfa.js';
import { registerOAuthServer } from './routes/oauth-server.js';
import { registerPasskeys } from './routes/passkeys.js';
import { registerSignup } from './routes/signup.js';
import { registerToken } from './routes/token.js';
import { registerUser } from './routes/user.js';
import { registerVerify } from './routes/verify.js';

// Reached by a browser without supabase-js (mailed links, OAuth redirects) or public by nature.
const KEYLESS = new Set([
  'GET /verify',
  'GET /authorize',
  'GET /callback',
  'GET /health',
  'GET /.well-known/jwks.json',
  'GET /settings',
  // the OAuth 2.1 server's public endpoints: a third-party client has no anon key of ours
  'GET /oauth/authorize',
  'POST /oauth/token',
  'POST /oauth/clients/register',
  'GET /.well-known/oauth-authorization-server',
]);

/** The gateway's job in Supabase (Kong): every other call must carry the anon or service-role key. */
function requireApiKey(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '');
    if (c.req.method === 'OPTIONS' || KEYLESS.has(`${c.req.method} ${path}`)) return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    // AUTH_API_KEY_REQUIRED=false: the Supabase CLI gateway's leniency; a key that is sent must still be valid
    if (!key && !ctx.config.AUTH_API_KEY_REQUIRED) return next();
    if (!key) return gatewayRefusal(c, 'no_api_key');
    if (key !== ctx.keys.anonKey && key !== ctx.keys.serviceRoleKey) {
      const role = await ctx.jwt.verify(key).then(
        (cl) => cl.role,
        () => undefined,
      );
      if (role !== 'anon' && role !== 'service_role') return gatewayRefusal(c, 'invalid_api_key');
    }
    return next();
  };
}

/**
 * Tokens and users must not be kept by a browser or proxy cache (RFC 6749 §5.1): every answer is no-store unless
 * its route says otherwise (the public JWKS).
 */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/** /auth/v1: wire-compatible with Supabase Auth (GoTrue) for what @supabase/supabase-js sends. */
export function authRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  const deps: AuthDeps = { ctx, limits: authLimitsFor(ctx) };
  app.use('*', authCors());
  app.use('*', noStore);
  app.use('*', requireApiKey(ctx));
  for (const register of [
    registerMeta,
    registerSignup,
    registerToken,
    registerUser,
    registerLogout,
    registerVerify,
    registerMail,
    registerMfa,
    registerAdmin,
    registerOAuthServer,
    registerPasskeys,
    registerDisabled,
  ]) {
    register(app, deps);
  }
  app.notFound((c) => sendAuthError(c, authError('not_found'), ctx.log));
  app.onError((err, c) => sendAuthError(c, err, ctx.log));
  return app;
}
