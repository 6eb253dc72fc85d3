import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import type { AuthDeps } from '../deps.js';
import { authError, validationFailed, authErrorAt } from '../../errors/auth.js';
import type { Caller } from '../guards.js';
import { readBody, requestMeta } from '../request.js';
import { addAmr, reissueForSession } from '../sessions.js';
import type { FactorRow } from '../users.js';
import { assertPasskeysEnabled, relyingParty, WEBAUTHN_CHALLENGE_SECONDS, type RelyingParty } from '../webauthn.js';

/**
 * WebAuthn as a second factor (auth-js `mfa.webauthn.*`), GoTrue's wire shapes: an unverified factor is
 * challenged with creation options and verified by registering its credential; a verified one is challenged
 * with request options for that credential. Success raises the session to aal2 (amr "mfa/webauthn").
 */

interface StoredCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
}
type WebauthnFactor = FactorRow & { web_authn_credential: StoredCredential | null };

// auth-js sends the relying party the page believes in; only ours is accepted, so a page cannot widen it
const rpParams = z.object({ rpId: z.string().max(253).optional(), rpOrigins: z.array(z.string().max(2048)).max(10).optional() });
const challengeBody = z.object({ webauthn: rpParams.optional() });
const verifyBody = z.object({
  challenge_id: z.string().max(64),
  webauthn: rpParams.extend({
    type: z.enum(['create', 'request']),
    credential_response: z.looseObject({ id: z.string().min(1).max(1364), type: z.literal('public-key'), response: z.looseObject({}) }),
  }),
});

function checkRelyingParty(ours: RelyingParty, asked: z.infer<typeof rpParams> | undefined): void {
  if (asked?.rpId && asked.rpId !== ours.id) throw validationFailed(`rpId ${asked.rpId} is not this server's relying party`);
  for (const o of asked?.rpOrigins ?? []) if (!ours.origins.includes(o)) throw validationFailed(`rpOrigin ${o} is not allowed`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /factors with factor_type webauthn, after the checks every factor type shares. */
export async function enrollWebauthnFactor({ ctx }: AuthDeps, who: Caller, name: string) {
  assertPasskeysEnabled(ctx.config);
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status) values ($1, $2, 'webauthn', 'unverified') returning id`,
    [who.user.id, name],
  );
  return { id: rows[0]!.id, type: 'webauthn', friendly_name: name };
}

/** POST /factors/{id}/challenge for a WebAuthn factor. */
export async function challengeWebauthnFactor({ ctx }: AuthDeps, c: Context, who: Caller, factor: WebauthnFactor) {
  assertPasskeysEnabled(ctx.config);
  const rp = relyingParty(ctx.config);
  checkRelyingParty(rp, (await readBody(c, challengeBody)).webauthn);
  const verified = factor.status === 'verified' && factor.web_authn_credential;
  const publicKey = verified
    ? await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: [{ id: factor.web_authn_credential!.id, transports: factor.web_authn_credential!.transports }],
        userVerification: 'preferred',
        timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
      })
    : await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: new TextEncoder().encode(who.user.id),
        userName: who.user.email || who.user.id,
        timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
        supportedAlgorithmIDs: [-7, -257, -8],
      });
  const type = verified ? 'request' : 'create';
  const { rows } = await ctx.db.query<{ id: string; expires_at: string }>(
    `insert into auth.mfa_challenges (factor_id, ip_address, web_authn_session_data) values ($1, $2, $3)
     returning id, (floor(extract(epoch from created_at))::bigint + ${WEBAUTHN_CHALLENGE_SECONDS})::text as expires_at`,
    [factor.id, requestMeta(c, ctx).ip, JSON.stringify({ challenge: publicKey.challenge, type })],
  );
  await ctx.db.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
  return {
    id: rows[0]!.id,
    type: 'webauthn',
    expires_at: Number(rows[0]!.expires_at),
    webauthn: { type, credential_options: { publicKey } },
  };
}

/** POST /factors/{id}/verify for a WebAuthn factor: the session rises to aal2. */
export async function verifyWebauthnFactor({ ctx }: AuthDeps, c: Context, who: Caller, factor: WebauthnFactor) {
  assertPasskeysEnabled(ctx.config);
  const meta = requestMeta(c, ctx);
  const b = await readBody(c, verifyBody);
  const rp = relyingParty(ctx.config);
  checkRelyingParty(rp, b.webauthn);
  const sessionId = who.sessionId;
  if (!sessionId) throw authError('session_not_found');
  // a challenge answers once, right or wrong
  const { rows } = UUID.test(b.challenge_id)
    ? await ctx.db.query<{ data: { challenge: string; type: string }; ip_address: string; age: number }>(
        `delete from auth.mfa_challenges where id = $1 and factor_id = $2 and verified_at is null
         returning web_authn_session_data as data, ip_address, extract(epoch from now() - created_at)::float8 as age`,
        [b.challenge_id, factor.id],
      )
    : { rows: [] };
  const ch = rows[0];
  if (!ch?.data) throw authErrorAt(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (ch.ip_address !== meta.ip) throw authError('mfa_ip_address_mismatch');
  if (ch.age > WEBAUTHN_CHALLENGE_SECONDS)
    throw authError(
      'mfa_challenge_expired',
      `MFA challenge ${b.challenge_id} has expired, verify against another challenge or create a new challenge.`,
    );
  if (ch.data.type !== b.webauthn.type) throw validationFailed(`This challenge expects a WebAuthn ${ch.data.type} response`);
  const common = { expectedChallenge: ch.data.challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false };
  let credential: StoredCredential;
  if (ch.data.type === 'create') {
    const r = await verifyRegistrationResponse({
      ...common,
      response: b.webauthn.credential_response as unknown as RegistrationResponseJSON,
    }).catch(() => undefined);
    if (!r?.verified) throw await failed();
    const cr = r.registrationInfo.credential;
    credential = {
      id: cr.id,
      public_key: Buffer.from(cr.publicKey).toString('base64url'),
      counter: cr.counter,
      transports: cr.transports ?? [],
    };
  } else {
    const stored = factor.web_authn_credential!;
    const r = await verifyAuthenticationResponse({
      ...common,
      response: b.webauthn.credential_response as unknown as AuthenticationResponseJSON,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: stored.counter,
        transports: stored.transports as never,
      },
    }).catch(() => undefined);
    if (!r?.verified) throw await failed();
    credential = { ...stored, counter: r.authenticationInfo.newCounter };
  }
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query(`update auth.mfa_factors set status = 'verified', web_authn_credential = $2, updated_at = now() where id = $1`, [
      factor.id,
      JSON.stringify(credential),
    ]);
    await addAmr(tx, sessionId, 'mfa/webauthn');
    await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factor.id]);
    // as with TOTP: other devices still at aal1 must sign in again with the second factor
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [who.user.id, sessionId]);
    return reissueForSession(ctx, tx, who.user, sessionId);
  });
  await writeAudit(ctx.db, {
    event_type: 'auth.mfa_verified',
    user_id: who.user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { factor_id: factor.id, type: 'webauthn' },
  });
  return session;

  async function failed() {
    await writeAudit(ctx.db, {
      event_type: 'auth.mfa_verification_failed',
      severity: 'warn',
      user_id: who.user.id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: { factor_id: factor.id, type: 'webauthn' },
    });
    return authError('mfa_verification_failed', 'WebAuthn verification failed');
  }
}
