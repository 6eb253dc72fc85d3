import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../security/audit.js';
import { insertAnonymousUser } from '../anonymous.js';
import type { AuthDeps } from '../deps.js';
import { authError, validationFailed } from '../../errors/auth.js';
import { createFlowState } from '../flow-state.js';
import { limitMailSend, limitByIp, limitRequest } from '../limits.js';
import { sendAccountExistsMail, sendAuthMail } from '../mail.js';
import { issueToken } from '../one-time-tokens.js';
import { assertStrongPassword, hashPassword } from '../passwords.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, parsePkce, pkceFields, readBody, requestMeta, type RequestMeta } from '../request.js';
import { startSession } from '../sessions.js';
import { findUserByEmail, insertUser, newUserLookAlike, userJson, type UserRow } from '../users.js';
import type { Hono } from 'hono';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  ...pkceFields,
});

const signupDisabled = () => authError('signup_disabled');

/** signInAnonymously(): a session for a new anonymous user, when AUTH_ANONYMOUS_SIGN_INS allows it. */
async function signUpAnonymously(ctx: AppContext, data: Record<string, unknown>, meta: RequestMeta) {
  if (!ctx.config.AUTH_ANONYMOUS_SIGN_INS) throw authError('anonymous_provider_disabled');
  if (!ctx.config.AUTH_SIGNUP_ENABLED) throw signupDisabled();
  const session = await ctx.db.transaction(async (tx) => startSession(ctx, tx, await insertAnonymousUser(tx, data), 'anonymous', meta));
  await writeAudit(ctx.db, {
    event_type: 'auth.signup',
    user_id: session.user.id as string,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { anonymous: true },
  });
  return session;
}

/** POST /signup: email + password (+ user metadata), or nothing but metadata for an anonymous user. */
export function registerSignup(app: Hono, { ctx, limits }: AuthDeps) {
  app.post('/signup', limitByIp({ ctx, limits }, 'signup'), async (c) => {
    const meta = requestMeta(c, ctx);
    const b = await readBody(c, body);
    if (!b.email && !b.phone) return c.json(await signUpAnonymously(ctx, b.data ?? {}, meta));
    if (!ctx.config.AUTH_SIGNUP_ENABLED) throw signupDisabled();
    if (!b.password) throw validationFailed('Signup requires a valid password');
    if (b.email && b.phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (b.phone) throw authError('phone_provider_disabled', 'Phone signups are disabled');
    // the address first: a malformed one is reported as such whatever the password (GoTrue's order)
    const email = parseEmail(b.email);
    assertStrongPassword(b.password, ctx.config);
    const pkce = parsePkce(b);
    await limitRequest(limits.email, email);
    const data = b.data ?? {};
    const confirm = ctx.config.AUTH_REQUIRE_EMAIL_CONFIRMATION;
    const redirectTo = pickRedirect(c.req.query('redirect_to'), ctx.config, `${ctx.config.SITE_URL}/dashboard`);
    // hashed before looking the address up, so known and unknown addresses take the same time
    const passwordHash = await hashPassword(b.password, ctx.config.AUTH_BCRYPT_COST);

    const existing = await findUserByEmail(ctx.db, email);
    // with confirmations on, a known confirmed address is limited like one that gets a mail (no 429 side channel)
    if (confirm || (existing && !existing.email_confirmed_at)) await limitMailSend(limits, email);
    if (existing?.email_confirmed_at) {
      await writeAudit(ctx.db, {
        event_type: 'auth.repeated_signup',
        severity: 'info',
        user_id: existing.id,
        ip: meta.ip,
        user_agent: meta.userAgent,
      });
      // confirmations off: a new address gets a session, so no answer could hide the account (docs/decisions/0033)
      if (!confirm) throw authError('user_already_exists');
      // confirmations on: the answer of a new address; only the owner, by mail, learns of the attempt
      await sendAccountExistsMail(ctx, email);
      return c.json(newUserLookAlike(email, data));
    }
    if (existing || confirm) {
      // new or still unconfirmed: (re)send the confirmation mail; an unconfirmed user is not modified
      const { user, token } = await ctx.db.transaction(async (tx) => {
        const user: UserRow = existing ?? (await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false }));
        if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
        const token = await issueToken(tx, user.id, 'confirmation_token', email, !!pkce);
        const { rows } = await tx.query<UserRow>('update auth.users set confirmation_sent_at = now() where id = $1 returning *', [user.id]);
        return { user: rows[0]!, token };
      });
      await sendAuthMail(ctx, email, 'confirmation', token, { type: 'signup', redirectTo });
      if (!existing)
        await writeAudit(ctx.db, {
          event_type: 'auth.signup',
          user_id: user.id,
          ip: meta.ip,
          user_agent: meta.userAgent,
          details: { confirmed: false },
        });
      // a pending sign-up is not revealed either (its id and creation time would be): the new-address answer
      return c.json(existing && confirm ? newUserLookAlike(email, data) : await userJson(ctx.db, user));
    }
    const session = await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: true });
      return startSession(ctx, tx, user, 'password', meta);
    });
    await writeAudit(ctx.db, {
      event_type: 'auth.signup',
      user_id: session.user.id as string,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { confirmed: true },
    });
    return c.json(session);
  });
}
