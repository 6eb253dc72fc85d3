import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { authError, validationFailed } from '../errors/auth.js';
import type { AuthLimits } from './limits.js';
import { issueToken } from './one-time-tokens.js';
import { findUserById, type UserRow } from './users.js';

/**
 * Phone accounts (AUTH_PHONE_ENABLED, GoTrue's EXTERNAL_PHONE_ENABLED): sign-up with a number and a password, sign-in
 * with them, and 6-digit codes by text message (sign-up confirmation unless AUTH_PHONE_AUTOCONFIRM, signInWithOtp).
 * No SMS provider is built in: texts go to the development outbox, as mail does without SMTP_URL, which is why the
 * setting is refused with NODE_ENV=production (config.ts). docs/decisions/0052.
 */

/** GoTrue's validatePhone: drops a leading "+" and spaces, then requires E.164 digits. Stored that way (no "+"). */
export function parsePhone(raw: string | undefined): string {
  const phone = (raw ?? '').trim().replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(phone)) throw validationFailed('Invalid phone number format (E.164 required)');
  return phone;
}

/** GoTrue's message channels: 'sms' always; 'whatsapp' only through Twilio, which this server does not have. */
export function assertSmsChannel(channel: string | undefined): void {
  if (channel === undefined || channel === 'sms') return;
  throw validationFailed(
    "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.",
  );
}

export const findUserByPhone = async (db: Queryable, phone: string): Promise<UserRow | undefined> =>
  (await db.query<UserRow>('select * from auth.users where phone = $1', [phone])).rows[0];

/** Inserts a phone user and its phone identity (provider_id = user id), as GoTrue's phone sign-up does. */
export async function insertPhoneUser(
  tx: Queryable,
  n: { phone: string; passwordHash: string | null; userMetadata: Record<string, unknown>; confirmed: boolean },
): Promise<UserRow> {
  const userMetadata = n.confirmed ? { ...n.userMetadata, phone_verified: true } : n.userMetadata;
  const { rows } = await tx
    .query<UserRow>(
      `insert into auth.users (aud, role, phone, encrypted_password, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ('authenticated', 'authenticated', $1, $2, case when $3 then now() end, $4, $5) returning *`,
      [n.phone, n.passwordHash, n.confirmed, JSON.stringify({ provider: 'phone', providers: ['phone'] }), JSON.stringify(userMetadata)],
    )
    .catch((err: unknown) => {
      // the same number signed up at the same moment (users_phone_key)
      if ((err as { code?: string }).code === '23505') throw authError('user_already_exists');
      throw err;
    });
  const user = rows[0]!;
  const identityData = { ...n.userMetadata, sub: user.id, phone: n.phone, email_verified: false, phone_verified: n.confirmed };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1::text, $1::uuid, $2, 'phone', now())`,
    [user.id, JSON.stringify(identityData)],
  );
  return user;
}

/** Marks the number confirmed (user, user_metadata.phone_verified, identity) and returns the fresh row. */
export async function confirmPhone(tx: Queryable, userId: string): Promise<UserRow> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'phone'`,
    [userId],
  );
  await tx.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()),
       raw_user_meta_data = raw_user_meta_data || '{"phone_verified": true}'::jsonb, updated_at = now()
     where id = $1`,
    [userId],
  );
  return (await findUserById(tx, userId))!;
}

/** GoTrue's SMS max frequency: one text per number per AUTH_EMAIL_MIN_INTERVAL (429 over_sms_send_rate_limit). */
export async function limitSmsSend(limits: AuthLimits, phone: string): Promise<void> {
  if (!limits.mailSend) return;
  const r = await limits.mailSend.consume(`phone:${phone}`);
  if (!r.allowed)
    throw authError('over_sms_send_rate_limit', `For security purposes, you can only request this after ${r.retryAfterSeconds} seconds.`);
}

/**
 * Issues a 6-digit code for the number (confirmation_token for an unconfirmed user, recovery_token to sign a confirmed
 * one in, as GoTrue does) and texts it. Only the hash is stored.
 */
export async function sendPhoneCode(ctx: AppContext, user: UserRow, phone: string): Promise<void> {
  const type = user.phone_confirmed_at ? 'recovery_token' : 'confirmation_token';
  const token = await ctx.db.transaction(async (tx) => {
    const t = await issueToken(tx, user.id, type, phone, false);
    await tx.query(
      `update auth.users set ${type === 'recovery_token' ? 'recovery_sent_at' : 'confirmation_sent_at'} = now() where id = $1`,
      [user.id],
    );
    return t;
  });
  const text = `Your ${ctx.config.BRAND_NAME} code is ${token.otp}. It expires in ${Math.round(ctx.config.AUTH_OTP_EXPIRY / 60)} minutes.`;
  try {
    await ctx.mailer.send({ to: `+${phone}`, subject: `Text message to +${phone}`, text, html: `<p>${text}</p>` });
  } catch (err) {
    ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, 'text message could not be written');
    throw authError('sms_send_failed');
  }
}
