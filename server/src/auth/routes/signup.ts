import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../security/audit.js';
import { insertAnonymousUser } from '../anonymous.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed } from '../../errors/auth.js';
import { createFlowState } from '../flow-state.js';
import { limitMailSend, limitByIp, limitRequest } from '../limits.js';
import { sendAccountExistsMail, sendAuthMail } from '../mail.js';
import { issueToken } from '../one-time-tokens.js';
import { assertStrongPassword, hashPassword } from '../passwords.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, parsePkce, pkceFields, readBody, requestMeta, type RequestMeta } from '../request.js';
import { startSession } from '../sessions.js';
import { findUserByEmail, findUserById, insertUser, newPhoneUserLookAlike, newUserLookAlike, userJson, type UserRow } from '../users.js';
import { assertSmsChannel, findUserByPhone, insertPhoneUser, limitSmsSend, parsePhone, sendPhoneCode } from '../phone.js';
import type { Context, Hono } from 'hono';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  channel: z.string().optional(),
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

/**
 * Phone sign-up (AUTH_PHONE_ENABLED), GoTrue's order: number, channel, password. AUTH_PHONE_AUTOCONFIRM: a confirmed
 * user and a session at once (a known number: 422 user_already_exists, as e-mail sign-up with confirmations off).
 * Otherwise a code is texted and the user answered without a session; a known confirmed number gets the answer a new
 * one gets and no text, so sign-up does not reveal it.
 */
async function signUpWithPhone(
  { ctx, limits }: Pick<AuthDeps, 'ctx' | 'limits'>,
  b: { phone: string; password: string; data?: Record<string, unknown>; channel?: string },
  meta: RequestMeta,
) {
  const phone = parsePhone(b.phone);
  assertSmsChannel(b.channel);
  assertStrongPassword(b.password, ctx.config);
  await limitRequest(limits.email, `phone:${phone}`);
  const data = b.data ?? {};
  const passwordHash = await hashPassword(b.password, ctx.config.AUTH_BCRYPT_COST);
  const existing = await findUserByPhone(ctx.db, phone);
  if (ctx.config.AUTH_PHONE_AUTOCONFIRM) {
    if (existing) throw authError('user_already_exists');
    const session = await ctx.db.transaction(async (tx) =>
      startSession(ctx, tx, await insertPhoneUser(tx, { phone, passwordHash, userMetadata: data, confirmed: true }), 'password', meta),
    );
    await writeAudit(ctx.db, {
      event_type: 'auth.signup',
      user_id: session.user.id as string,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { phone: true, confirmed: true },
    });
    return session;
  }
  await limitSmsSend(limits, phone);
  if (existing?.phone_confirmed_at) {
    await writeAudit(ctx.db, {
      event_type: 'auth.repeated_signup',
      severity: 'info',
      user_id: existing.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return newPhoneUserLookAlike(phone, data);
  }
  const user =
    existing ?? (await ctx.db.transaction((tx) => insertPhoneUser(tx, { phone, passwordHash, userMetadata: data, confirmed: false })));
  await sendPhoneCode(ctx, user, phone);
  if (!existing)
    await writeAudit(ctx.db, {
      event_type: 'auth.signup',
      user_id: user.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { phone: true },
    });
  return userJson(ctx.db, (await findUserById(ctx.db, user.id))!);
}

/** POST /signup: e-mail, phone or anonymous. */
async function signUp(c: Context, { ctx, limits }: AuthDeps) {
  const meta = requestMeta(c, ctx);
  const b = await readBody(c, body);
  if (!b.email && !b.phone) return c.json(await signUpAnonymously(ctx, b.data ?? {}, meta));
  if (!ctx.config.AUTH_SIGNUP_ENABLED) throw signupDisabled();
  if (!b.password) throw validationFailed('Signup requires a valid password');
  if (b.email && b.phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (b.phone) {
    if (!ctx.config.AUTH_PHONE_ENABLED) throw authError('phone_provider_disabled', 'Phone signups are disabled');
    return c.json(await signUpWithPhone({ ctx, limits }, { ...b, phone: b.phone, password: b.password }, meta));
  }
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
}

/** POST /signup: email + password (+ user metadata), or nothing but metadata for an anonymous user. */
export function registerSignup(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/signup', limitByIp(deps, 'signup'), h(signUp));
}
