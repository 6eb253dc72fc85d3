import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { linkAnonymousEmail } from '../anonymous.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError, validationFailed, authErrorAt } from '../../errors/auth.js';
import { issueEmailChange, sendEmailChangeMails, type EmailChangeMail } from '../email-change.js';
import { requireUser, secondFactorPending, type Caller } from '../guards.js';
import { limitMailSend, limitByIp } from '../limits.js';
import { consumeTokens, findByOtp } from '../one-time-tokens.js';
import { assertStrongPassword, hashPassword, verifyPassword } from '../passwords.js';
import { pickRedirect } from '../redirect.js';
import { parseEmail, parsePkce, pkceFields, readBody, requestMeta } from '../request.js';
import { findUserByEmail, findUserById, mergeMetadata, userJson } from '../users.js';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  nonce: z.string().optional(),
  current_password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  ...pkceFields,
});

/** GET /user: the caller and its factors. */
async function getCurrentUser(c: Context, { ctx }: AuthDeps) {
  // an aal1 session reads the user and its factors: that is how the page learns a second factor is due
  const caller = await requireUser(ctx, c, 'allowed');
  return c.json(await userJson(ctx.db, caller.user));
}

/** PUT /user: e-mail, password or metadata. */
async function updateCurrentUser(c: Context, deps: AuthDeps) {
  const { ctx, limits } = deps;
  const meta = requestMeta(c, ctx);
  const caller = await requireUser(ctx, c, 'allowed');
  const b = await readBody(c, body);
  const { user } = caller;
  if (b.app_metadata) throw authError('not_admin');
  if (b.phone) throw authErrorAt(422, 'phone_provider_disabled', 'Unsupported phone provider');
  const newEmail = b.email ? parseEmail(b.email) : undefined;
  const changesEmail = !!newEmail && newEmail !== user.email?.toLowerCase();
  if (b.password !== undefined && user.is_anonymous && !user.email && !changesEmail) {
    throw authErrorAt(422, 'validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
  }
  if (b.password !== undefined) assertStrongPassword(b.password, ctx.config);
  // GoTrue's 401 for an e-mail or password change; we refuse any other change (metadata) the same way
  if (await secondFactorPending(ctx.db, user.id, caller.aal)) {
    const what = changesEmail || b.password !== undefined ? 'email or password' : 'the user';
    throw authErrorAt(401, 'insufficient_aal', `AAL2 session is required to update ${what} when MFA is enabled.`);
  }
  if (changesEmail) {
    const other = await findUserByEmail(ctx.db, newEmail);
    if (other && other.id !== user.id) throw authError('email_exists');
  }
  const pkce = changesEmail ? parsePkce(b) : undefined;
  const passwordHash =
    b.password !== undefined ? await preparePassword(deps, caller, b.password, { nonce: b.nonce, current: b.current_password }) : undefined;
  if (changesEmail) await limitMailSend(limits, newEmail);

  const mails = await ctx.db.transaction(async (tx): Promise<EmailChangeMail[] | undefined> => {
    if (passwordHash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, passwordHash]);
      await consumeTokens(tx, user.id);
      // a password change signs out every other device
      await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, caller.sessionId ?? null]);
    }
    if (b.data) {
      const fresh = (await findUserById(tx, user.id))!;
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(fresh.raw_user_meta_data, b.data)),
      ]);
    }
    if (!changesEmail) return undefined;
    // an anonymous user adding an address with confirmations off: linked at once, like a sign-up (GoTrue's autoconfirm)
    if (user.is_anonymous && !ctx.config.AUTH_REQUIRE_EMAIL_CONFIRMATION) {
      await linkAnonymousEmail(tx, user.id, newEmail);
      return undefined;
    }
    return issueEmailChange(tx, ctx.config, user, newEmail, pkce);
  });
  if (mails && newEmail) await sendEmailChangeMails(ctx, mails, newEmail, pickRedirect(c.req.query('redirect_to'), ctx.config));
  if (passwordHash)
    await writeAudit(ctx.db, {
      event_type: 'auth.password_changed',
      severity: 'warn',
      user_id: user.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
  if (changesEmail)
    await writeAudit(ctx.db, { event_type: 'auth.email_change_requested', user_id: user.id, ip: meta.ip, user_agent: meta.userAgent });
  return c.json(await userJson(ctx.db, (await findUserById(ctx.db, user.id))!));
}

/** GET /user and PUT /user (updateUser: password, e-mail change with confirmation, user metadata). */
export function registerUser(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.get('/user', h(getCurrentUser));
  app.put('/user', limitByIp(deps, 'userUpdate'), h(updateCurrentUser));
}

// sessions that began with a mailed link or code: the person just proved they own the mailbox
const LINK_METHODS = new Set(['otp', 'recovery', 'invite', 'magiclink', 'email/signup', 'email_change']);

function startedByMailedLink(caller: Caller, maxAgeSeconds: number): boolean {
  const amr = Array.isArray(caller.claims.amr) ? (caller.claims.amr as { method?: unknown; timestamp?: unknown }[]) : [];
  const now = Date.now() / 1000;
  return amr.some(
    (a) =>
      typeof a.method === 'string' && LINK_METHODS.has(a.method) && typeof a.timestamp === 'number' && now - a.timestamp < maxAgeSeconds,
  );
}

/**
 * Checks a new password and hashes it. Proof of the account first (issue 14 item 4): the reauthentication nonce, the
 * current password, or a fresh mailed-link session; then "not the current one".
 */
async function preparePassword(
  { ctx }: AuthDeps,
  caller: Caller,
  password: string,
  proof: { nonce?: string; current?: string },
): Promise<string> {
  const { user } = caller;
  const cost = ctx.config.AUTH_BCRYPT_COST;
  if (proof.nonce !== undefined) {
    const row = user.email
      ? await findByOtp(ctx.db, user.email, proof.nonce, ['reauthentication_token'], ctx.config.AUTH_OTP_EXPIRY)
      : undefined;
    if (!row || row.user_id !== user.id) throw authError('reauthentication_not_valid');
  } else if (proof.current !== undefined) {
    if (!user.encrypted_password || !(await verifyPassword(proof.current, user.encrypted_password, cost))) {
      throw authError('current_password_mismatch');
    }
  } else if (
    ctx.config.AUTH_PASSWORD_CHANGE_REQUIRES_CURRENT &&
    user.encrypted_password &&
    !startedByMailedLink(caller, ctx.config.AUTH_OTP_EXPIRY)
  ) {
    throw authError('current_password_required');
  }
  if (!password) throw validationFailed('Password cannot be empty');
  if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password, cost))) {
    throw authError('same_password');
  }
  return hashPassword(password, cost);
}
