import type { Context, Hono } from 'hono';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/index.js';
import { z } from 'zod';
import { auditStatement, writeAudit, type AuditEntry } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed, authErrorAt } from '../../errors/auth.js';
import { consumeFlowState } from '../flow-state.js';
import { maybeCleanup } from '../cleanup.js';
import { limitByIp } from '../limits.js';
import { verifyPassword, weakPasswordReasons } from '../passwords.js';
import { parseEmail, readBody, requestMeta, type RequestMeta } from '../request.js';
import { refreshSession, sessionFromStart, startSession, startSessionStatement } from '../sessions.js';
import { beginSignin } from '../signin-guard.js';
import { findUserByEmail, findUserById, isBanned, type UserRow } from '../users.js';
import { findUserByPhone, parsePhone } from '../phone.js';

const passwordBody = z.object({ email: z.string().optional(), phone: z.string().optional(), password: z.string().optional() });
const refreshBody = z.object({ refresh_token: z.string().optional() });
const pkceBody = z.object({ auth_code: z.string().optional(), code_verifier: z.string().optional() });

const invalidCredentials = () => authError('invalid_credentials');

/** POST /token: password, refresh_token or pkce grant. */
async function grantToken(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const meta = requestMeta(c, ctx);
  maybeCleanup(ctx);
  switch (c.req.query('grant_type')) {
    case 'password':
      return c.json(await passwordGrant(deps, await readBody(c, passwordBody), meta));
    case 'refresh_token': {
      const b = await readBody(c, refreshBody);
      if (!b.refresh_token) throw validationFailed('refresh_token required');
      if (b.refresh_token.length < 12) throw validationFailed('Refresh token is not valid');
      return c.json(await refreshSession(ctx, b.refresh_token, meta));
    }
    case 'pkce': {
      const b = await readBody(c, pkceBody);
      if (!b.auth_code || !b.code_verifier) throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
      const session = await ctx.db.transaction(async (tx) => {
        const flow = await consumeFlowState(tx, b.auth_code!, b.code_verifier!);
        const user = await findUserById(tx, flow.userId);
        if (!user) throw authError('user_not_found');
        if (isBanned(user)) throw authErrorAt(400, 'user_banned', 'User is banned');
        return startAuditedSession(ctx, tx, user, flow.method, 'pkce', meta);
      });
      return c.json(session);
    }
    case 'id_token':
      throw authError('provider_disabled');
    case 'web3':
      throw authError('web3_provider_disabled');
    default:
      throw authError('invalid_credentials', 'unsupported_grant_type');
  }
}

/** POST /token: password, refresh_token and pkce grants; id_token answers "provider disabled". */
export function registerToken(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/token', limitByIp(deps, 'token'), h(grantToken));
}

async function passwordGrant({ ctx, limits }: AuthDeps, b: z.infer<typeof passwordBody>, meta: RequestMeta) {
  if (b.email && b.phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (b.phone && !ctx.config.AUTH_PHONE_ENABLED) throw authErrorAt(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!b.email && !b.phone) throw validationFailed('missing email or phone');
  const phone = b.phone ? parsePhone(b.phone) : undefined;
  const email = phone ? undefined : parseEmail(b.email);
  // counted per IP and per IP+address, never per address alone: others' failures cannot lock the owner out
  const attempt = await beginSignin(limits.signin, meta.ip, email ?? `phone:${phone}`);
  const user = phone ? await findUserByPhone(ctx.db, phone) : await findUserByEmail(ctx.db, email!);
  // unknown address: compared against a dummy hash, so it costs the same as a wrong password
  const ok = await verifyPassword(b.password ?? '', user?.encrypted_password, ctx.config.AUTH_BCRYPT_COST);
  if (!user || !ok) {
    await attempt.failed();
    await writeAudit(ctx.db, {
      event_type: 'auth.sign_in_failed',
      severity: 'warn',
      user_id: user?.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { reason: 'invalid_credentials' },
    });
    throw invalidCredentials();
  }
  await attempt.succeeded();
  // only someone who knows the password learns that the account is banned or unconfirmed
  if (isBanned(user)) throw authErrorAt(400, 'user_banned', 'User is banned');
  if (phone ? !user.phone_confirmed_at : !user.email_confirmed_at) throw authError(phone ? 'phone_not_confirmed' : 'email_not_confirmed');
  // the session and its audit row in one exchange, committed together (PGlite's connection is held for no longer)
  const start = startSessionStatement(user, 'password', meta);
  const [started] = await ctx.db.transactionBatch([start.statement, auditStatement(signInAudit(user, 'password', meta))], {
    commitWithStatements: true,
  });
  const session = await sessionFromStart(ctx, started!, start.refreshToken);
  const reasons = weakPasswordReasons(b.password ?? '', ctx.config);
  return reasons.length
    ? { ...session, weak_password: { message: 'Your password does not meet the current requirements.', reasons } }
    : session;
}

/**
 * A new session and its `auth.sign_in` audit row in the caller's transaction: recorded together or not at all, with
 * one commit (one flush) a sign-in. `via` is the grant the audit row names.
 */
async function startAuditedSession(ctx: AppContext, tx: Queryable, user: UserRow, method: string, via: string, meta: RequestMeta) {
  const session = await startSession(ctx, tx, user, method, meta);
  await writeAudit(tx, signInAudit(user, via, meta));
  return session;
}

/** The `auth.sign_in` audit row of a session started by grant `via`. */
const signInAudit = (user: UserRow, via: string, meta: RequestMeta): AuditEntry => ({
  event_type: 'auth.sign_in',
  user_id: user.id,
  ip: meta.ip,
  user_agent: meta.userAgent,
  details: { method: via },
});
