import type { AppContext } from '../context.js';
import { renderAccountExistsMail, renderAuthMail, type AuthMailKind } from '../mail/templates/auth-emails.js';
import type { Rendered } from '../mail/templates/layout.js';
import { authError } from '../errors/auth.js';
import type { IssuedToken } from './one-time-tokens.js';

export type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** The link a mail carries: GET /auth/v1/verify, which redirects to `redirectTo` (already allow-listed). */
export function verifyLink(ctx: AppContext, token: string, type: VerifyType, redirectTo: string): string {
  const u = new URL(`${ctx.config.SITE_URL}/auth/v1/verify`);
  u.searchParams.set('token', token);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.toString();
}

/**
 * The sign-up confirmation as a token-hash link to the app's /auth/confirm page, which calls verifyOtp({ token_hash, type }):
 * unlike a PKCE link it needs no code verifier, so it works in any browser or device.
 */
export function appConfirmLink(ctx: AppContext, token: string, type: 'signup'): string {
  const u = new URL(`${ctx.config.SITE_URL}/auth/confirm`);
  u.searchParams.set('token_hash', token);
  u.searchParams.set('type', type);
  return u.toString();
}

const mailLink = (ctx: AppContext, token: string, link: { type: VerifyType; redirectTo: string }) =>
  link.type === 'signup' && ctx.config.AUTH_EMAIL_LINKS === 'app'
    ? appConfirmLink(ctx, token, 'signup')
    : verifyLink(ctx, token, link.type, link.redirectTo);

/** Renders and sends one account mail; a mail failure is a 500 with GoTrue's wording (and logged). */
export async function sendAuthMail(
  ctx: AppContext,
  to: string,
  kind: AuthMailKind,
  token: IssuedToken,
  link: { type: VerifyType; redirectTo: string } | undefined,
  extra: { newEmail?: string } = {},
): Promise<void> {
  const rendered = renderAuthMail(kind, {
    brand: ctx.config.BRAND_NAME,
    siteUrl: ctx.config.SITE_URL,
    otp: token.otp,
    link: link ? mailLink(ctx, token.linkToken, link) : undefined,
    newEmail: extra.newEmail,
    expiresInMinutes: Math.round(ctx.config.AUTH_OTP_EXPIRY / 60),
  });
  await deliver(ctx, to, rendered, kind);
}

/** Tells the owner of `to` that someone tried to sign up with it (sign-up answers as for a new address). */
export async function sendAccountExistsMail(ctx: AppContext, to: string): Promise<void> {
  await deliver(ctx, to, renderAccountExistsMail({ brand: ctx.config.BRAND_NAME, siteUrl: ctx.config.SITE_URL }), 'confirmation');
}

async function deliver(ctx: AppContext, to: string, rendered: Rendered, kind: AuthMailKind): Promise<void> {
  try {
    await ctx.mailer.send({ to, ...rendered });
  } catch (err) {
    const smtpCode = (err as { responseCode?: number }).responseCode;
    ctx.log.error({ err: err instanceof Error ? err.message : String(err), smtpCode, kind }, 'auth mail could not be sent');
    // the SMTP reply code (e.g. 535, bad credentials) lets the app say "mail service unavailable"
    // responseCode stays on the error (not in the body) for in-process callers such as the functions
    throw Object.assign(
      authError('unexpected_failure', `Error sending ${kind.replace('_', ' ')} email${smtpCode ? ` (SMTP ${smtpCode})` : ''}`),
      {
        responseCode: smtpCode,
      },
    );
  }
}

/**
 * Tells the old address that the account's address changed (docs/security/auth-flows.md#3-e-mail-change). The change is
 * already made, so a failed notice is logged (by deliver) and does not undo it.
 */
export async function sendEmailChangedNotice(ctx: AppContext, oldEmail: string, newEmail: string): Promise<void> {
  const rendered = renderAuthMail('email_changed', {
    brand: ctx.config.BRAND_NAME,
    siteUrl: ctx.config.SITE_URL,
    otp: '',
    newEmail,
    expiresInMinutes: Math.round(ctx.config.AUTH_OTP_EXPIRY / 60),
  });
  await deliver(ctx, oldEmail, rendered, 'email_changed').catch(() => undefined);
}
