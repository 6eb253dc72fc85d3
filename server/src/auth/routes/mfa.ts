import type { Context, Hono } from 'hono';
import type { AppContext } from '../../context.js';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { unenrollFactor } from '../factors.js';
import { authError, authErrorAt, authRateLimited, validationFailed } from '../../errors/auth.js';
import { requireUser, type Caller } from '../guards.js';
import { limitByIp } from '../limits.js';
import { readBody, requestMeta } from '../request.js';
import { addAmr, reissueForSession } from '../sessions.js';
import { challengeWebauthnFactor, enrollWebauthnFactor, verifyWebauthnFactor } from './mfa-webauthn.js';
import type { FactorRow } from '../users.js';

const CHALLENGE_EXPIRY_SECONDS = 300;
const MAX_FACTORS = 10;
/** Consecutive wrong codes after which a factor locks, whatever the IP (docs/decisions/0033). */
export const MFA_MAX_FAILED_VERIFICATIONS = 10;
/** How long that lock lasts; every further wrong code after it locks the factor again. */
export const MFA_LOCK_SECONDS = 900;
/** A TOTP code: six ASCII digits (fullwidth or other digits are a wrong code). */
const TOTP_CODE = /^[0-9]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const enrollBody = z.object({
  factor_type: z.string().optional(),
  friendly_name: z.string().max(255).optional(),
  issuer: z.string().max(255).optional(),
});
const verifyBody = z.object({ challenge_id: z.string().optional(), code: z.string().optional() });

const totpFor = (secret: string, issuer: string, label: string) =>
  new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });

// every factor route is open to an aal1 session: enrolling and unenrolling check the aal themselves, in GoTrue's words
async function caller(ctx: AppContext, c: Parameters<typeof requireUser>[1]): Promise<Caller> {
  const who = await requireUser(ctx, c, 'allowed');
  if (who.user.is_anonymous) throw authErrorAt(403, 'no_authorization', 'Anonymous users cannot use multi-factor authentication');
  return who;
}

async function ownFactor(ctx: AppContext, who: Caller, id: string): Promise<FactorRow> {
  const { rows } = UUID.test(id)
    ? await ctx.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [id, who.user.id])
    : { rows: [] };
  if (!rows[0]) throw authError('mfa_factor_not_found');
  return rows[0];
}

/** POST /factors, /factors/{id}/challenge, /factors/{id}/verify and DELETE /factors/{id} (TOTP; WebAuthn in mfa-webauthn.ts). */
export function registerMfa(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  app.post('/factors', h(enrollFactor));
  app.post('/factors/:id/challenge', limitByIp(deps, 'mfa'), h(challengeFactor));
  app.post('/factors/:id/verify', limitByIp(deps, 'mfa'), h(verifyFactor));
  app.delete('/factors/:id', h(unenrollOwnFactor));
}

/** POST /factors */
async function enrollFactor(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const who = await caller(ctx, c);
  const b = await readBody(c, enrollBody);
  if (b.factor_type === 'phone') throw authError('mfa_phone_enroll_not_enabled');
  if (b.factor_type !== 'totp' && b.factor_type !== 'webauthn') throw validationFailed('factor_type needs to be totp, phone or webauthn');
  const userId = who.user.id;
  // abandoned enrolments (unverified, older than 5 minutes, never challenged) make room first
  await ctx.db.query(
    `delete from auth.mfa_factors f where f.user_id = $1 and f.status = 'unverified' and f.created_at < now() - interval '300 seconds'
     and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)`,
    [userId],
  );
  const { rows: factors } = await ctx.db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1', [userId]);
  const name = b.friendly_name ?? '';
  if (factors.some((f) => (f.friendly_name ?? '') === name && name.trim() !== '')) {
    throw authError('mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);
  }
  if (factors.length >= MAX_FACTORS) throw authError('too_many_enrolled_mfa_factors');
  if (factors.some((f) => f.status === 'verified') && who.aal !== 'aal2')
    throw authError('insufficient_aal', 'AAL2 required to enroll a new factor');
  if (b.factor_type === 'webauthn') return c.json(await enrollWebauthnFactor(deps, who, name));
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const issuer = b.issuer || new URL(ctx.config.SITE_URL).host;
  const uri = totpFor(secret, issuer, who.user.email ?? '').toString();
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, $2, 'totp', 'unverified', $3) returning id`,
    [userId, name, secret],
  );
  const meta = requestMeta(c, ctx);
  await writeAudit(ctx.db, {
    event_type: 'auth.mfa_enrolled',
    user_id: userId,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { factor_id: rows[0]!.id },
  });
  return c.json({ id: rows[0]!.id, type: 'totp', friendly_name: name, totp: { qr_code: qr, secret, uri } });
}

/** POST /factors/:id/challenge */
async function challengeFactor(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const meta = requestMeta(c, ctx);
  const who = await caller(ctx, c);
  const factor = await ownFactor(ctx, who, c.req.param('id')!);
  if (factor.factor_type === 'webauthn') return c.json(await challengeWebauthnFactor(deps, c, who, factor as never));
  if (factor.factor_type !== 'totp') throw authError('mfa_phone_challenge_not_enabled');
  const { rows } = await ctx.db.query<{ id: string; expires_at: string }>(
    `insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2)
     returning id, floor(extract(epoch from created_at))::bigint + ${CHALLENGE_EXPIRY_SECONDS} as expires_at`,
    [factor.id, meta.ip],
  );
  await ctx.db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
  return c.json({ id: rows[0]!.id, type: 'totp', expires_at: Number(rows[0]!.expires_at) });
}

/** POST /factors/:id/verify */
async function verifyFactor(c: Context, deps: AuthDeps) {
  const { ctx } = deps;
  const meta = requestMeta(c, ctx);
  const who = await caller(ctx, c);
  const factor = await ownFactor(ctx, who, c.req.param('id')!);
  if (factor.factor_type === 'webauthn') return c.json(await verifyWebauthnFactor(deps, c, who, factor as never));
  const b = await readBody(c, verifyBody);
  if (!b.code || !b.challenge_id) throw validationFailed('MFA verification requires challenge_id and code');
  if (!who.sessionId) throw authError('session_not_found');
  const { rows } = UUID.test(b.challenge_id)
    ? await ctx.db.query<{ id: string; verified_at: Date | null; ip_address: string; age: number }>(
        `select id, verified_at, ip_address, extract(epoch from now() - created_at)::float8 as age from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [b.challenge_id, factor.id],
      )
    : { rows: [] };
  const challenge = rows[0];
  if (!challenge) throw authErrorAt(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (challenge.verified_at || challenge.ip_address !== meta.ip) throw authError('mfa_ip_address_mismatch');
  if (challenge.age > CHALLENGE_EXPIRY_SECONDS) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw authError(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  // the attempt is counted before the code is checked, atomically, so a parallel burst cannot exceed the cap
  const { rows: claimed } = await ctx.db.query<{ failed: number }>(
    `update auth.mfa_factors set failed_verify_attempts = failed_verify_attempts + 1,
       locked_until = case when failed_verify_attempts + 1 >= $2 then now() + make_interval(secs => $3) else locked_until end
     where id = $1 and (locked_until is null or locked_until <= now()) returning failed_verify_attempts as failed`,
    [factor.id, MFA_MAX_FAILED_VERIFICATIONS, MFA_LOCK_SECONDS],
  );
  if (!claimed[0]) {
    const { rows: lock } = await ctx.db.query<{ left: number }>(
      'select greatest(1, ceil(extract(epoch from locked_until - now())))::int as left from auth.mfa_factors where id = $1',
      [factor.id],
    );
    throw authRateLimited(lock[0]?.left ?? MFA_LOCK_SECONDS);
  }
  const failed = async (reason: string) => {
    const locked = claimed[0]!.failed >= MFA_MAX_FAILED_VERIFICATIONS;
    await writeAudit(ctx.db, {
      event_type: 'auth.mfa_verification_failed',
      severity: 'warn',
      user_id: who.user.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { factor_id: factor.id, reason, locked },
    });
    return authError('mfa_verification_failed');
  };
  // otpauth compares bytes and throws on a code of six characters that are not six bytes (12345é): such a code is
  // a wrong code, counted above and audited, never a 500
  const code = b.code.trim();
  if (!TOTP_CODE.test(code)) throw await failed('malformed_code');
  const totp = totpFor(factor.secret ?? '', 'x', 'x');
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) throw await failed('wrong_code');
  const timestep = totp.counter({ timestamp: now }) + delta;
  const sessionId = who.sessionId;
  const session = await ctx.db.transaction(async (tx) => {
    // once per factor: only a code of a later time step than the last accepted one (RFC 6238 §5.2)
    const { rows: fresh } = await tx.query(
      `update auth.mfa_factors set last_used_timestep = $2, failed_verify_attempts = 0, locked_until = null
       where id = $1 and (last_used_timestep is null or last_used_timestep < $2) returning id`,
      [factor.id, timestep],
    );
    if (!fresh[0]) return null;
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified' and id <> $2`, [
      who.user.id,
      factor.id,
    ]);
    await addAmr(tx, sessionId, 'totp');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id]);
    // other devices still at aal1 must sign in again with the second factor
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [who.user.id, sessionId]);
    return reissueForSession(ctx, tx, who.user, sessionId);
  });
  if (!session) throw await failed('code_already_used');
  await writeAudit(ctx.db, {
    event_type: 'auth.mfa_verified',
    user_id: who.user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { factor_id: factor.id },
  });
  return c.json(session);
}

/** DELETE /factors/:id */
async function unenrollOwnFactor(c: Context, { ctx }: AuthDeps) {
  const who = await caller(ctx, c);
  const factor = await ownFactor(ctx, who, c.req.param('id')!);
  if (factor.status === 'verified' && who.aal !== 'aal2')
    throw authErrorAt(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  await unenrollFactor(ctx.db, factor.id);
  const meta = requestMeta(c, ctx);
  await writeAudit(ctx.db, {
    event_type: 'auth.mfa_unenrolled',
    severity: 'warn',
    user_id: who.user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { factor_id: factor.id },
  });
  return c.json({ id: factor.id });
}
