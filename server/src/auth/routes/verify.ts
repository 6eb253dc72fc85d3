import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { AuthError, authError, gotrueMessage, validationFailed } from '../../errors/auth.js';
import { issueAuthCode } from '../flow-state.js';
import { limitByIp, limitRequest } from '../limits.js';
import { consumeTokens, findByLink, findByOtp } from '../one-time-tokens.js';
import { confirmPhone, parsePhone } from '../phone.js';
import { findUserById, isBanned } from '../users.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, readBody, requestMeta, type RequestMeta } from '../request.js';
import { startSession } from '../sessions.js';
import { sendEmailChangedNotice } from '../mail.js';
import {
  applyVerification,
  FLOW_METHODS,
  SINGLE_CONFIRMATION_ACCEPTED,
  TOKEN_TYPES,
  VERIFY_TYPES,
  type Verified,
  type VerifyKind,
} from '../verification.js';

const body = z.object({
  type: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

const isPhoneType = (type: string | undefined) => type === 'sms' || type === 'phone_change';

function verifyKind(type: string | undefined): VerifyKind {
  if (!type) throw validationFailed('Verify requires a verification type');
  if (isPhoneType(type)) throw authError('phone_provider_disabled');
  if (!(VERIFY_TYPES as readonly string[]).includes(type)) throw validationFailed('Unsupported verification type');
  return type as VerifyKind;
}

const OAUTH_ERROR: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
};

/** POST /verify: a code or token_hash for a session (or a pending change confirmed). */
async function verifyOtp(c: Context, { ctx, limits }: AuthDeps) {
  const meta = requestMeta(c, ctx);
  const b = await readBody(c, body);
  if (b.phone && !b.email && isPhoneType(b.type)) {
    // GoTrue checks the number's format, then looks for the code: with phone accounts off none is ever sent, and
    // no number change is ever pending (PUT /user refuses a phone), so only an sms code can match
    const phone = parsePhone(b.phone);
    if (!ctx.config.AUTH_PHONE_ENABLED || b.type !== 'sms' || !b.token) throw authError('otp_expired');
    await limitRequest(limits.email, `phone:${phone}`);
    const session = await ctx.db.transaction(async (tx) => {
      const row = await findByOtp(tx, phone, b.token!.trim(), ['confirmation_token', 'recovery_token'], ctx.config.AUTH_OTP_EXPIRY);
      if (!row) throw authError('otp_expired');
      const user = await findUserById(tx, row.user_id);
      if (!user) throw authError('otp_expired');
      if (isBanned(user)) throw authError('user_banned');
      await consumeTokens(tx, user.id);
      return startSession(ctx, tx, await confirmPhone(tx, user.id), 'otp', meta);
    });
    await writeAudit(ctx.db, {
      event_type: 'auth.verified',
      user_id: session.user.id as string,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { type: 'sms' },
    });
    return c.json(session);
  }
  const kind = verifyKind(b.type);
  if (b.token_hash && (b.token || b.email || b.phone)) throw validationFailed('Only the token_hash and type should be provided');
  if (!b.token_hash && !b.token) throw validationFailed('Verify requires either a token or a token hash');
  if (b.phone) throw authError('phone_provider_disabled');
  let email: string | undefined;
  if (!b.token_hash) {
    email = b.email ? parseEmail(b.email) : undefined;
    if (!email) throw validationFailed('Verify requires an email or a phone number');
    await limitRequest(limits.email, email);
  }
  const result = await ctx.db.transaction(async (tx) => {
    const row = b.token_hash
      ? await findByLink(tx, b.token_hash, TOKEN_TYPES[kind], ctx.config.AUTH_OTP_EXPIRY)
      : await findByOtp(tx, email!, b.token!.trim(), TOKEN_TYPES[kind], ctx.config.AUTH_OTP_EXPIRY);
    if (!row) throw authError('otp_expired', b.token_hash ? 'Email link is invalid or has expired' : 'Token has expired or is invalid');
    const verified = await applyVerification(tx, row, ctx.config.AUTH_OTP_EXPIRY);
    return { verified, session: verified.pending ? undefined : await startSession(ctx, tx, verified.user, 'otp', meta) };
  });
  await afterVerified(ctx, result.verified, meta, { type: kind });
  // the first of a secure e-mail change's two confirmations: GoTrue's 200 with a message, no session
  if (!result.session) return gotrueMessage(c, SINGLE_CONFIRMATION_ACCEPTED);
  return c.json(result.session);
}

/** GET /verify: the link in a mail; redirects with the session or the error in the fragment. */
async function verifyLink(c: Context, { ctx, limits }: AuthDeps) {
  const meta = requestMeta(c, ctx);
  const redirectTo = pickRedirect(c.req.query('redirect_to'), ctx.config);
  const token = c.req.query('token') ?? '';
  const pkce = token.startsWith('pkce_');
  try {
    await limitRequest(limits.verify, meta.ip);
    const kind = verifyKind(c.req.query('type'));
    const result = await ctx.db.transaction(async (tx) => {
      const row = token ? await findByLink(tx, token, TOKEN_TYPES[kind], ctx.config.AUTH_OTP_EXPIRY) : undefined;
      if (!row) throw authError('otp_expired', 'Email link is invalid or has expired');
      const verified = await applyVerification(tx, row, ctx.config.AUTH_OTP_EXPIRY);
      if (verified.pending) return { verified, code: undefined, session: undefined };
      const { user } = verified;
      if (pkce) {
        const code = await issueAuthCode(tx, user.id, FLOW_METHODS[kind]);
        if (!code) throw authError('flow_state_not_found', 'no valid flow state found for this link');
        return { verified, code, session: undefined };
      }
      return { verified, code: undefined, session: await startSession(ctx, tx, user, 'otp', meta) };
    });
    await afterVerified(ctx, result.verified, meta, { type: kind, link: true });
    if (result.verified.pending) return c.redirect(messageRedirect(redirectTo, SINGLE_CONFIRMATION_ACCEPTED, pkce), 303);
    if (result.code !== undefined || !result.session) {
      const u = new URL(redirectTo);
      u.searchParams.set('code', result.code ?? '');
      return c.redirect(u.toString(), 303);
    }
    const s = result.session;
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: 'bearer',
      type: kind,
    });
    return c.redirect(`${redirectTo.split('#')[0]}#${fragment}`, 303);
  } catch (err) {
    return redirectWithError(c, redirectTo, err, pkce);
  }
}

/** POST /verify (verifyOtp: e-mail + code, or token_hash) and GET /verify (the mailed link; always a 303). */
export function registerVerify(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/verify', limitByIp(deps, 'verify'), h(verifyOtp));
  app.get('/verify', h(verifyLink));
}

/** Audit, and the notice to the old address once an e-mail change is complete. */
async function afterVerified(ctx: AuthDeps['ctx'], verified: Verified, meta: RequestMeta, details: Record<string, unknown>): Promise<void> {
  const userId = verified.pending ? verified.userId : verified.user.id;
  await writeAudit(ctx.db, {
    event_type: verified.pending ? 'auth.email_change_half_confirmed' : 'auth.verified',
    user_id: userId,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details,
  });
  if (!verified.pending && verified.changedFrom && verified.user.email && verified.changedFrom !== verified.user.email) {
    await sendEmailChangedNotice(ctx, verified.changedFrom, verified.user.email);
  }
}

/** GoTrue's prepRedirectURL: the message in the fragment, and in the query for PKCE (where the app reads `code`). */
function messageRedirect(redirectTo: string, message: string, pkce: boolean): string {
  const u = new URL(redirectTo.split('#')[0]!);
  if (pkce) u.searchParams.set('message', message);
  return `${u.toString()}#${new URLSearchParams({ message })}`;
}

/** Errors of a link go back to the app in the fragment (and query, for PKCE), where auth-js reads them. */
function redirectWithError(c: Context, redirectTo: string, err: unknown, pkce: boolean): Response {
  if (!(err instanceof AuthError)) throw err;
  const params = new URLSearchParams();
  const oauth = OAUTH_ERROR[err.status];
  if (oauth) params.set('error', oauth);
  params.set('error_code', err.errorCode);
  params.set('error_description', err.message);
  const u = new URL(redirectTo.split('#')[0]!);
  if (pkce) params.forEach((v, k) => u.searchParams.set(k, v));
  params.set('sb', '');
  return c.redirect(`${u.toString()}#${params}`, 303);
}
