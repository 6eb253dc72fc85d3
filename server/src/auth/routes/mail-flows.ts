import type { Context, Hono } from 'hono';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed, authErrorAt } from '../../errors/auth.js';
import { createFlowState } from '../flow-state.js';
import { requestRecovery } from '../flows.js';
import { requireUser } from '../guards.js';
import { limitMailSend, limitByIp, limitRequest } from '../limits.js';
import { issueEmailChange, sendEmailChangeMails } from '../email-change.js';
import { sendAuthMail, type VerifyType } from '../mail.js';
import { issueToken, type IssuedToken } from '../one-time-tokens.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, parsePkce, pkceFields, readBody, requestMeta, type RequestMeta } from '../request.js';
import { assertSmsChannel, findUserByPhone, insertPhoneUser, limitSmsSend, parsePhone, sendPhoneCode } from '../phone.js';
import { findUserByEmail, insertUser, type UserRow } from '../users.js';
import type { AuthMailKind } from '../../mail/templates/auth-emails.js';

const recoverBody = z.object({ email: z.string().optional(), ...pkceFields });
const resendBody = z.object({ type: z.string().optional(), email: z.string().optional(), phone: z.string().optional(), ...pkceFields });
const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  channel: z.string().optional(),
  ...pkceFields,
});

/** POST /recover: a recovery link by mail. */
async function requestPasswordRecovery(c: Context, { ctx }: AuthDeps) {
  const b = await readBody(c, recoverBody);
  if (!b.email) throw validationFailed('Password recovery requires an email');
  await requestRecovery(ctx, {
    email: parseEmail(b.email),
    redirectTo: c.req.query('redirect_to'),
    pkce: parsePkce(b),
    meta: requestMeta(c, ctx),
  });
  return c.json({});
}

/** POST /resend: the signup or email_change mail again, or an SMS code. */
async function resendConfirmation(c: Context, { ctx, limits }: AuthDeps) {
  const b = await readBody(c, resendBody);
  if (b.type === 'sms' || b.type === 'phone_change') {
    if (!ctx.config.AUTH_PHONE_ENABLED) throw authError('phone_provider_disabled');
    const phone = parsePhone(b.phone);
    // GoTrue: sms resends an unconfirmed number's code; phone_change needs a pending number change, which PUT /user
    // never starts here. Otherwise nothing is sent and the answer is the same empty one (the number is not revealed).
    const user = b.type === 'sms' ? await findUserByPhone(ctx.db, phone) : undefined;
    if (user && !user.phone_confirmed_at) {
      await limitSmsSend(limits, phone);
      await sendPhoneCode(ctx, user, phone);
    }
    return c.json({});
  }
  if (b.type !== 'signup' && b.type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const email = parseEmail(b.email);
  const pkce = parsePkce(b);
  await limitMailSend(limits, email);
  const user = await findUserByEmail(ctx.db, email);
  // unknown, already confirmed, or nothing pending: the same empty answer, nothing sent
  if (!user) return c.json({});
  if (b.type === 'signup' && !user.email_confirmed_at) {
    const token = await issue(ctx, user, 'confirmation_token', email, pkce, 'email/signup', 'confirmation_sent_at');
    await sendAuthMail(ctx, email, 'confirmation', token, {
      type: 'signup',
      redirectTo: pickRedirect(c.req.query('redirect_to'), ctx.config, `${ctx.config.SITE_URL}/dashboard`),
    });
  } else if (b.type === 'email_change' && user.email_change) {
    const newEmail = user.email_change;
    const mails = await ctx.db.transaction((tx) => issueEmailChange(tx, ctx.config, user, newEmail, pkce));
    await sendEmailChangeMails(ctx, mails, newEmail, pickRedirect(c.req.query('redirect_to'), ctx.config));
  }
  return c.json({});
}

/** POST /otp: a magic link, a sign-up confirmation, or an SMS code. */
async function sendOtp(c: Context, { ctx, limits }: AuthDeps) {
  const meta = requestMeta(c, ctx);
  const b = await readBody(c, otpBody);
  if (b.phone) {
    if (!ctx.config.AUTH_PHONE_ENABLED) throw authErrorAt(422, 'phone_provider_disabled', 'Unsupported phone provider');
    return c.json(await phoneOtp({ ctx, limits }, { ...b, phone: b.phone }, meta));
  }
  const email = parseEmail(b.email);
  const pkce = parsePkce(b);
  await limitRequest(limits.email, email);
  const redirectTo = pickRedirect(c.req.query('redirect_to'), ctx.config);
  let user = await findUserByEmail(ctx.db, email);
  // with sign-ups off (AUTH_SIGNUP_ENABLED=false) an unknown address is answered as create_user: false asks
  if (!user?.email_confirmed_at && (b.create_user === false || !ctx.config.AUTH_SIGNUP_ENABLED)) {
    // confirmations off: GoTrue's answer; sign-up reveals accounts then anyway (docs/decisions/0033)
    if (!ctx.config.AUTH_REQUIRE_EMAIL_CONFIRMATION) throw authError('otp_disabled');
    // confirmations on: the answer a known address gets (mail limit counted too), and nothing is sent
    await limitMailSend(limits, email);
    await writeAudit(ctx.db, {
      event_type: 'auth.otp_requested',
      user_id: user?.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { kind: 'none' },
    });
    return c.json({});
  }
  await limitMailSend(limits, email);
  let kind: AuthMailKind = 'magic_link';
  let type: VerifyType = 'magiclink';
  let token: IssuedToken;
  if (user?.email_confirmed_at) {
    token = await issue(ctx, user, 'recovery_token', email, pkce, 'magiclink', 'recovery_sent_at');
  } else {
    // unknown or unconfirmed: a password-less sign-up; the confirmation mail signs the user in
    user ??= await ctx.db.transaction((tx) => insertUser(tx, { email, passwordHash: null, userMetadata: b.data ?? {}, confirmed: false }));
    token = await issue(ctx, user, 'confirmation_token', email, pkce, 'email/signup', 'confirmation_sent_at');
    kind = 'confirmation';
    type = 'signup';
  }
  await sendAuthMail(ctx, email, kind, token, { type, redirectTo });
  await writeAudit(ctx.db, {
    event_type: 'auth.otp_requested',
    user_id: user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { kind },
  });
  return c.json({});
}

/** GET /reauthenticate: a code by mail before a sensitive change. */
async function sendReauthenticationCode(c: Context, { ctx, limits }: AuthDeps) {
  const caller = await requireUser(ctx, c);
  const { user } = caller;
  // an anonymous user has neither (GoTrue's text)
  if (!user.email && !user.phone) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  if (!user.email || !user.email_confirmed_at) throw authErrorAt(422, 'email_not_confirmed', 'Please verify your email first.');
  await limitMailSend(limits, user.email);
  const token = await issue(ctx, user, 'reauthentication_token', user.email, undefined, '', 'reauthentication_sent_at');
  await sendAuthMail(ctx, user.email, 'reauthentication', token, undefined);
  const meta = requestMeta(c, ctx);
  await writeAudit(ctx.db, { event_type: 'auth.reauthentication_requested', user_id: user.id, ip: meta.ip, user_agent: meta.userAgent });
  return c.json({});
}

/** signInWithOtp({ phone }): a code by text; an unknown number becomes an unconfirmed user unless create_user is false. */
async function phoneOtp({ ctx, limits }: AuthDeps, b: z.infer<typeof otpBody> & { phone: string }, meta: RequestMeta) {
  const phone = parsePhone(b.phone);
  assertSmsChannel(b.channel);
  await limitRequest(limits.email, `phone:${phone}`);
  let user = await findUserByPhone(ctx.db, phone);
  if (!user && (b.create_user === false || !ctx.config.AUTH_SIGNUP_ENABLED)) throw authError('otp_disabled');
  await limitSmsSend(limits, phone);
  user ??= await ctx.db.transaction((tx) =>
    insertPhoneUser(tx, { phone, passwordHash: null, userMetadata: b.data ?? {}, confirmed: false }),
  );
  await sendPhoneCode(ctx, user, phone);
  await writeAudit(ctx.db, {
    event_type: 'auth.otp_requested',
    user_id: user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { kind: 'sms' },
  });
  return {};
}

/** New token (+ PKCE flow) and the matching *_sent_at stamp, in one transaction. */
function issue(
  ctx: AppContext,
  user: UserRow,
  type: Parameters<typeof issueToken>[2],
  to: string,
  pkce: ReturnType<typeof parsePkce>,
  flowMethod: string,
  sentAt: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at',
) {
  return ctx.db.transaction(async (tx) => {
    if (pkce) await createFlowState(tx, user.id, pkce, flowMethod);
    const t = await issueToken(tx, user.id, type, to, !!pkce);
    await tx.query(`update auth.users set ${sentAt} = now() where id = $1`, [user.id]);
    return t;
  });
}

/** POST /recover, /resend, /otp and GET /reauthenticate: the flows that mail a link or a code. */
export function registerMail(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/recover', h(requestPasswordRecovery));
  app.post('/resend', limitByIp(deps, 'resend'), h(resendConfirmation));
  app.post('/otp', limitByIp(deps, 'otp'), h(sendOtp));
  app.get('/reauthenticate', h(sendReauthenticationCode));
}
