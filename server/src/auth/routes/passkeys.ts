import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context, Hono } from 'hono';
import type { AppContext } from '../../context.js';
import { z } from 'zod';
import { writeAudit } from '../../security/audit.js';
import { bindTo, type AuthDeps } from '../deps.js';
import { authError } from '../../errors/auth.js';
import { requireUser, type AtAal1 } from '../guards.js';
import { limitByIp } from '../limits.js';
import { readBody, requestMeta } from '../request.js';
import { startSession } from '../sessions.js';
import { findUserById, isBanned } from '../users.js';
import { assertPasskeysEnabled, relyingParty, saveChallenge, takeChallenge, WEBAUTHN_CHALLENGE_SECONDS } from '../webauthn.js';

const MAX_PASSKEYS = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The browser's serialized credential; @simplewebauthn/server checks every field's content.
const credential = z.looseObject({
  id: z.string().min(1).max(1364),
  rawId: z.string().min(1).max(1364),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(65536) }),
});
const verifyBody = z.object({ challenge_id: z.string().max(64), credential });
const renameBody = z.object({ friendly_name: z.string().trim().min(1).max(120) });

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: string;
  transports: string[];
  friendly_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

const passkeyJson = (p: PasskeyRow) => ({
  id: p.id,
  ...(p.friendly_name ? { friendly_name: p.friendly_name } : {}),
  created_at: p.created_at.toISOString(),
  ...(p.last_used_at ? { last_used_at: p.last_used_at.toISOString() } : {}),
});

const verificationFailed = () => authError('webauthn_verification_failed');

const rp = (ctx: AppContext) => relyingParty(ctx.config);

const listOf = async (ctx: AppContext, userId: string) =>
  (await ctx.db.query<PasskeyRow>('select * from auth.webauthn_credentials where user_id = $1 order by created_at', [userId])).rows;

function audit(ctx: AppContext, c: Context, event: string, userId: string, details?: Record<string, unknown>) {
  const meta = requestMeta(c, ctx);
  return writeAudit(ctx.db, { event_type: event, user_id: userId, ip: meta.ip, user_agent: meta.userAgent, details });
}

// a user with a second factor lists, renames, deletes or adds passkeys only from a session that passed it
const owner = (ctx: AppContext, c: Context, atAal1?: AtAal1) => requireUser(ctx, c, atAal1);

async function deletePasskey(ctx: AppContext, userId: string, id: string) {
  const { rowCount } = UUID.test(id)
    ? await ctx.db.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2', [id, userId])
    : { rowCount: 0 };
  if (!rowCount) throw authError('passkey_not_found');
}

/**
 * Supabase's passkey endpoints (auth-js `supabase.auth.passkey.*` and `auth.admin.passkey.*`): register a
 * discoverable credential while signed in, sign in with it without a password (a normal aal1 session, amr
 * "passkey"), list, rename and delete. Ceremonies are checked by @simplewebauthn/server.
 */
export function registerPasskeys(app: Hono, deps: AuthDeps) {
  const h = bindTo(deps);
  // Every own-passkey route: refused while passkeys are off, then counted per IP, before its handler runs.
  app.use('/passkeys/*', async (_c, next) => {
    assertPasskeysEnabled(deps.ctx.config);
    await next();
  });
  app.use('/passkeys/*', limitByIp(deps, 'passkey'));
  app.post('/passkeys/registration/options', h(registrationOptions));
  app.post('/passkeys/registration/verify', h(registrationVerify));
  app.post('/passkeys/authentication/options', h(authenticationOptions));
  app.post('/passkeys/authentication/verify', h(authenticationVerify));
  app.get('/passkeys', h(listOwnPasskeys));
  app.patch('/passkeys/:id', h(renameOwnPasskey));
  app.delete('/passkeys/:id', h(deleteOwnPasskey));

  // admin (service role; the /admin/* guard in routes/admin.ts applies)
  app.get('/admin/users/:userId/passkeys', h(adminListPasskeys));
  app.delete('/admin/users/:userId/passkeys/:id', h(adminDeletePasskey));
}

/** POST /passkeys/registration/options */
async function registrationOptions(c: Context, { ctx }: AuthDeps) {
  const { user } = await owner(ctx, c, () =>
    authError('insufficient_aal', 'AAL2 session is required to register a passkey when MFA is enabled.'),
  );
  const existing = await listOf(ctx, user.id);
  if (existing.length >= MAX_PASSKEYS) throw authError('too_many_passkeys', `A user can have at most ${MAX_PASSKEYS} passkeys`);
  const { id: rpID, name: rpName } = rp(ctx);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userID: new TextEncoder().encode(user.id),
    userName: user.email || user.phone || user.id,
    timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257, -8],
  });
  const saved = await saveChallenge(ctx.db, 'registration', user.id, options.challenge);
  return c.json({ challenge_id: saved.id, options, expires_at: saved.expiresAt });
}

/** POST /passkeys/registration/verify */
async function registrationVerify(c: Context, { ctx }: AuthDeps) {
  const { user } = await owner(ctx, c);
  const b = await readBody(c, verifyBody);
  const expectedChallenge = await takeChallenge(ctx.db, b.challenge_id, 'registration', user.id);
  const { id: expectedRPID, origins } = rp(ctx);
  const result = await verifyRegistrationResponse({
    response: b.credential as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: origins,
    expectedRPID,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!result?.verified) throw verificationFailed();
  const { credential: cred, aaguid, credentialBackedUp } = result.registrationInfo;
  const { rows } = await ctx.db.query<PasskeyRow>(
    `insert into auth.webauthn_credentials (user_id, credential_id, public_key, sign_count, transports, aaguid, backed_up)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (credential_id) do nothing returning *`,
    [user.id, cred.id, Buffer.from(cred.publicKey), cred.counter, cred.transports ?? [], aaguid, credentialBackedUp],
  );
  if (!rows[0]) throw authError('webauthn_credential_exists');
  await audit(ctx, c, 'auth.passkey_registered', user.id, { passkey_id: rows[0].id });
  return c.json(passkeyJson(rows[0]));
}

/** POST /passkeys/authentication/options */
async function authenticationOptions(c: Context, { ctx }: AuthDeps) {
  // discoverable sign-in: no allowCredentials, so the answer says nothing about who has passkeys
  const options = await generateAuthenticationOptions({
    rpID: rp(ctx).id,
    userVerification: 'required',
    timeout: WEBAUTHN_CHALLENGE_SECONDS * 1000,
  });
  const saved = await saveChallenge(ctx.db, 'authentication', null, options.challenge);
  return c.json({ challenge_id: saved.id, options, expires_at: saved.expiresAt });
}

/** POST /passkeys/authentication/verify */
async function authenticationVerify(c: Context, { ctx }: AuthDeps) {
  const meta = requestMeta(c, ctx);
  const b = await readBody(c, verifyBody);
  const expectedChallenge = await takeChallenge(ctx.db, b.challenge_id, 'authentication', null);
  const { rows } = await ctx.db.query<PasskeyRow>('select * from auth.webauthn_credentials where credential_id = $1', [b.credential.id]);
  const passkey = rows[0];
  if (!passkey) throw verificationFailed();
  const { id: expectedRPID, origins } = rp(ctx);
  const result = await verifyAuthenticationResponse({
    response: b.credential as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: origins,
    expectedRPID,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.sign_count),
      transports: passkey.transports as never,
    },
  }).catch(() => undefined);
  // the user handle, when the authenticator returns one, must name the passkey's owner
  const handle = (b.credential.response as { userHandle?: unknown }).userHandle;
  const handleOk = typeof handle !== 'string' || handle === '' || Buffer.from(handle, 'base64url').toString() === passkey.user_id;
  if (!result?.verified || !handleOk) {
    await writeAudit(ctx.db, {
      event_type: 'auth.passkey_signin_failed',
      severity: 'warn',
      user_id: passkey.user_id,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    throw verificationFailed();
  }
  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user || user.deleted_at) throw verificationFailed();
  if (isBanned(user)) throw authError('user_banned');
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query('update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1', [
      passkey.id,
      result.authenticationInfo.newCounter,
    ]);
    return startSession(ctx, tx, user, 'passkey', meta);
  });
  await writeAudit(ctx.db, {
    event_type: 'auth.passkey_signin',
    user_id: user.id,
    ip: meta.ip,
    user_agent: meta.userAgent,
    details: { passkey_id: passkey.id },
  });
  return c.json(session);
}

/** GET /passkeys */
async function listOwnPasskeys(c: Context, { ctx }: AuthDeps) {
  const { user } = await owner(ctx, c);
  return c.json((await listOf(ctx, user.id)).map(passkeyJson));
}

/** PATCH /passkeys/:id */
async function renameOwnPasskey(c: Context, { ctx }: AuthDeps) {
  const { user } = await owner(ctx, c);
  const b = await readBody(c, renameBody);
  const id = c.req.param('id')!;
  const { rows } = UUID.test(id)
    ? await ctx.db.query<PasskeyRow>(
        'update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning *',
        [id, user.id, b.friendly_name],
      )
    : { rows: [] };
  if (!rows[0]) throw authError('passkey_not_found');
  return c.json(passkeyJson(rows[0]));
}

/** DELETE /passkeys/:id */
async function deleteOwnPasskey(c: Context, { ctx }: AuthDeps) {
  const { user } = await owner(ctx, c);
  await deletePasskey(ctx, user.id, c.req.param('id')!);
  await audit(ctx, c, 'auth.passkey_deleted', user.id, { passkey_id: c.req.param('id')! });
  return c.json({});
}

/** GET /admin/users/:userId/passkeys */
async function adminListPasskeys(c: Context, { ctx }: AuthDeps) {
  const userId = c.req.param('userId')!;
  if (!UUID.test(userId) || !(await findUserById(ctx.db, userId))) throw authError('user_not_found');
  return c.json((await listOf(ctx, userId)).map(passkeyJson));
}

/** DELETE /admin/users/:userId/passkeys/:id */
async function adminDeletePasskey(c: Context, { ctx }: AuthDeps) {
  const userId = c.req.param('userId')!;
  if (!UUID.test(userId)) throw authError('user_not_found');
  await deletePasskey(ctx, userId, c.req.param('id')!);
  await audit(ctx, c, 'auth.admin.passkey_deleted', userId, { passkey_id: c.req.param('id')! });
  return c.json({});
}
