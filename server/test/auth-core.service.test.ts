import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_BATCH, cleanupAuth } from '../src/auth/cleanup.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.com`;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

async function signedUp() {
  const client = t.client();
  const address = email();
  const { data, error } = await client.auth.signUp({
    email: address,
    password: PASSWORD,
    options: { data: { first_name: 'Ada', surname: 'Lovelace' } },
  });
  expect(error).toBeNull();
  return { client, email: address, session: data.session!, user: data.user! };
}

describe('sign-up and sign-in', () => {
  it('signUp returns a session with Supabase claims when confirmation is off', async () => {
    const { session, user, email: address } = await signedUp();
    expect(session.access_token).toBeTruthy();
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(3590);
    expect(user.email).toBe(address);
    expect(user.user_metadata).toMatchObject({ first_name: 'Ada', surname: 'Lovelace', email_verified: true });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities).toHaveLength(1);
    const claims = await t.server.ctx.jwt.verify(session.access_token);
    expect(claims).toMatchObject({
      iss: `${t.server.ctx.config.SITE_URL}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: address,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email' },
      user_metadata: { first_name: 'Ada' },
    });
    expect(claims.exp! - (claims.iat as number)).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
  });

  it('stores a $2a/$2b bcrypt hash', async () => {
    const { user } = await signedUp();
    const { rows } = await t.server.ctx.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [user.id],
    );
    expect(rows[0]!.encrypted_password).toMatch(/^\$2[ab]\$04\$/);
  });

  it('refuses a second sign-up of the same address with user_already_exists', async () => {
    const { email: address } = await signedUp();
    const { error } = await t.client().auth.signUp({ email: address, password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('reports short and common passwords as weak_password with reasons', async () => {
    const short = await t.client().auth.signUp({ email: email(), password: 'abc' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const common = await t.client().auth.signUp({ email: email(), password: 'password123' });
    expect(common.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((common.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
  });

  it('answers validation_failed for a bad e-mail or a missing password', async () => {
    const bad = await t.client().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const res = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: email() }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Signup requires a valid password' });
  });

  it('signs in with the password; wrong password and unknown e-mail give the same invalid_credentials', async () => {
    const { email: address } = await signedUp();
    const ok = await t.client().auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
    const wrong = await t.client().auth.signInWithPassword({ email: address, password: 'wrong-password-1' });
    const unknown = await t.client().auth.signInWithPassword({ email: email(), password: 'wrong-password-1' });
    for (const r of [wrong, unknown]) {
      expect(r.error).toBeInstanceOf(AuthApiError);
      expect(r.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('writes audit rows for sign-up, sign-in and failed sign-in with a truncated IP', async () => {
    const { rows } = await t.server.ctx.db.query<{ event_type: string; ip_address: string | null }>(
      `select event_type, ip_address from public.security_audit_log where event_type in ('auth.signup', 'auth.sign_in', 'auth.sign_in_failed')`,
    );
    const types = new Set(rows.map((r) => r.event_type));
    expect(types).toEqual(new Set(['auth.signup', 'auth.sign_in', 'auth.sign_in_failed']));
    expect(rows.every((r) => r.ip_address === '127.0.0.0')).toBe(true);
  });
});

describe('sessions', () => {
  it('getUser, getSession and updateUser (metadata) work with the access token', async () => {
    const { client, user } = await signedUp();
    const got = await client.auth.getUser();
    expect(got.data.user?.id).toBe(user.id);
    expect((await client.auth.getSession()).data.session?.user.id).toBe(user.id);
    const upd = await client.auth.updateUser({ data: { first_name: 'Grace', surname: null } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ first_name: 'Grace' });
    expect(upd.data.user?.user_metadata).not.toHaveProperty('surname');
  });

  it('rotates refresh tokens; an old token within 10 s still works, later reuse revokes the session', async () => {
    const { client, session } = await signedUp();
    const first = session.refresh_token;
    const r1 = await client.auth.refreshSession();
    expect(r1.error).toBeNull();
    expect(r1.data.session!.refresh_token).not.toBe(first);
    // concurrent tab: the just-rotated token is accepted within the reuse interval
    const again = await t.client().auth.refreshSession({ refresh_token: first });
    expect(again.error).toBeNull();
    // age the revoked token past the interval, then replay it
    await t.server.ctx.db.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where revoked`);
    const replay = await t.client().auth.refreshSession({ refresh_token: first });
    expect(replay.error).toBeInstanceOf(AuthApiError);
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // the whole session is gone: the newest token fails too, and the access token is refused
    const latest = await t.client().auth.refreshSession({ refresh_token: r1.data.session!.refresh_token });
    expect(latest.error).toMatchObject({ code: 'refresh_token_not_found' });
    const me = await t.client().auth.getUser(r1.data.session!.access_token);
    expect(me.error).toBeInstanceOf(AuthSessionMissingError);
    const { rows } = await t.server.ctx.db.query(`select 1 from public.security_audit_log where event_type = 'auth.refresh_token_reused'`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('cleanup deletes tokens revoked over a day ago, a bounded batch per run, through an index (migration 0570)', async () => {
    const { session, user } = await signedUp();
    const db = t.server.ctx.db;
    const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id as string;
    const add = (n: number, revoked: boolean, age: string) =>
      db.query(
        `insert into auth.refresh_tokens (token_hash, user_id, session_id, revoked, updated_at)
         select md5(random()::text || g), $1, $2, $3, now() - $4::interval from generate_series(1, $5) g`,
        [user.id, sessionId, revoked, age, n],
      );
    await add(CLEANUP_BATCH + 5, true, '25 hours');
    await add(3, true, '23 hours'); // revoked, but within the day
    await add(2, false, '30 hours'); // old, but live
    const left = async () =>
      (
        await db.query<{ revoked: boolean; old: boolean; n: number }>(
          `select revoked, updated_at < now() - interval '24 hours' as old, count(*)::int as n from auth.refresh_tokens
            where session_id = $1 group by 1, 2 order by 1, 2`,
          [sessionId],
        )
      ).rows;
    await cleanupAuth(t.server.ctx);
    // the live token from sign-up, the two old live ones, the recent revoked ones, and what the batch left
    expect(await left()).toEqual([
      { revoked: false, old: false, n: 1 },
      { revoked: false, old: true, n: 2 },
      { revoked: true, old: false, n: 3 },
      { revoked: true, old: true, n: 5 },
    ]);
    await cleanupAuth(t.server.ctx);
    expect((await left()).filter((r) => r.revoked && r.old)).toEqual([]);
    // the statement's scan is an index range (it was a scan of the whole table, which grows by a row per refresh)
    const plan = await db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from auth.refresh_tokens where revoked and updated_at < now() - interval '24 hours' order by updated_at limit 10`,
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('refresh_tokens_revoked_updated_at_idx');
  });

  it('re-analyses refresh tokens from a small sample (migration 0590)', async () => {
    const { rows } = await t.server.ctx.db.query<{ attname: string; target: number | null }>(
      `select attname, attstattarget::int as target from pg_attribute
        where attrelid = 'auth.refresh_tokens'::regclass and attnum > 0 and not attisdropped order by attnum`,
    );
    expect(rows.length).toBe(8);
    for (const r of rows) expect({ [r.attname]: r.target }).toEqual({ [r.attname]: 10 });
  });

  it('rejects an unknown refresh token with refresh_token_not_found', async () => {
    const r = await t.client().auth.refreshSession({ refresh_token: 'abcdefghijklmnopqrstuvwxyz' });
    expect(r.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  // The grant is one database call (auth.refresh_grant, docs/decisions/0065): what it answers must be what the
  // multi-statement path answered, so the refreshed session is compared with GET /user and the sign-in's claims.
  it('a refresh answers the same user object as GET /user and the same claims, with the session bumped', async () => {
    const { client, session, user } = await signedUp();
    const before = await t.server.ctx.db.query<{ refreshed_at: Date }>('select refreshed_at from auth.sessions where user_id = $1', [
      user.id,
    ]);
    const r = await client.auth.refreshSession();
    expect(r.error).toBeNull();
    const me = await t.client().auth.getUser(r.data.session!.access_token);
    expect(r.data.user).toEqual(me.data.user);
    const [was, now] = [await t.server.ctx.jwt.verify(session.access_token), await t.server.ctx.jwt.verify(r.data.session!.access_token)];
    const { exp: _e, iat: _i, ...stable } = was;
    expect(now).toMatchObject(stable);
    expect(now.amr).toEqual(was.amr);
    const after = await t.server.ctx.db.query<{ refreshed_at: Date; live: number }>(
      `select s.refreshed_at, (select count(*)::int from auth.refresh_tokens where session_id = s.id and not revoked) as live
       from auth.sessions s where s.user_id = $1`,
      [user.id],
    );
    expect(after.rows[0]!.refreshed_at.getTime()).toBeGreaterThanOrEqual(before.rows[0]!.refreshed_at.getTime());
    expect(after.rows[0]).toMatchObject({ live: 1 });
  });

  it('refuses a banned user (user_banned) and a session past not_after (session_expired), changing nothing', async () => {
    const banned = await signedUp();
    await t.server.ctx.db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [banned.user.id]);
    const r1 = await t.client().auth.refreshSession({ refresh_token: banned.session.refresh_token });
    expect(r1.error).toMatchObject({ status: 400, code: 'user_banned' });
    const expired = await signedUp();
    await t.server.ctx.db.query(`update auth.sessions set not_after = now() - interval '1 second' where user_id = $1`, [expired.user.id]);
    const r2 = await t.client().auth.refreshSession({ refresh_token: expired.session.refresh_token });
    expect(r2.error).toMatchObject({ status: 400, code: 'session_expired', message: 'Invalid Refresh Token: Session Expired' });
    const { rows } = await t.server.ctx.db.query<{ revoked: boolean }>('select revoked from auth.refresh_tokens where user_id = any($1)', [
      [banned.user.id, expired.user.id],
    ]);
    expect(rows).toEqual([{ revoked: false }, { revoked: false }]);
  });

  it('the same token spent twice at once: both get their own child within the reuse interval', async () => {
    const { session } = await signedUp();
    const [a, b] = await Promise.all([
      t.client().auth.refreshSession({ refresh_token: session.refresh_token }),
      t.client().auth.refreshSession({ refresh_token: session.refresh_token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).not.toBe(b.data.session!.refresh_token);
  });

  it('setSession accepts tokens from elsewhere (the reset page)', async () => {
    const { session, user } = await signedUp();
    const other = t.client();
    const { data, error } = await other.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });

  it('signOut scopes: others keeps this session, local ends only it, global ends all', async () => {
    const { client: a, email: address } = await signedUp();
    const b = t.client();
    const c = t.client();
    await b.auth.signInWithPassword({ email: address, password: PASSWORD });
    await c.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    const d = t.client();
    await d.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await d.auth.getUser()).error).toBeNull();
    const dToken = (await d.auth.getSession()).data.session!.access_token;
    expect((await d.auth.signOut()).error).toBeNull();
    const after = await t.client().auth.getUser(dToken);
    expect(after.error).toBeInstanceOf(AuthSessionMissingError);
    expect((await c.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('answers no_authorization without a token and bad_jwt for a forged one', async () => {
    const none = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const forged = await t.client().auth.getUser('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQifQ.c2lnbmF0dXJl');
    expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('updateUser(password) rejects the same password, and a new one signs other devices out', async () => {
    const { client, email: address } = await signedUp();
    // issue 14 item 4: the current password (or a reauthentication nonce) is required after a password sign-in
    const bare = await client.auth.updateUser({ password: 'a-brand-new-passphrase' });
    expect(bare.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await client.auth.updateUser({ password: 'a-brand-new-passphrase', current_password: 'not-my-password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    const same = await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    const other = t.client();
    await other.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect((await client.auth.updateUser({ password: 'a-brand-new-passphrase', current_password: PASSWORD })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await t.client().auth.signInWithPassword({ email: address, password: 'a-brand-new-passphrase' })).error).toBeNull();
    const { rows } = await t.server.ctx.db.query(`select 1 from public.security_audit_log where event_type = 'auth.password_changed'`);
    expect(rows.length).toBe(1);
  });

  it('onAuthStateChange reports SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and SIGNED_OUT', async () => {
    const client = t.client();
    const events: string[] = [];
    client.auth.onAuthStateChange((e) => void events.push(e));
    await client.auth.signUp({ email: email(), password: PASSWORD });
    await client.auth.refreshSession();
    await client.auth.updateUser({ data: { x: 1 } });
    await client.auth.signOut();
    expect(events).toEqual(expect.arrayContaining(['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']));
  });
});

describe('public endpoints and key checks', () => {
  it('GET /settings, /health and /.well-known/jwks.json', async () => {
    const settings = await (await fetch(`${t.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      external: { email: true, phone: false, google: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
    const health = await (await fetch(`${t.url}/auth/v1/health`)).json();
    expect(health).toMatchObject({ name: 'GoTrue' });
    const jwks = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await jwks.json()).toEqual({ keys: [] }); // HS256 only: the secret is never published
  });

  it('requires the API key', async () => {
    const none = await fetch(`${t.url}/auth/v1/signup`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    const bad = await fetch(`${t.url}/auth/v1/signup`, { method: 'POST', body: '{}', headers: { apikey: 'nope' } });
    expect(await bad.json()).toEqual({ message: 'Invalid API key' });
  });

  it('answers bad_json for a body that is not JSON', async () => {
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      body: '{oops',
      headers: { apikey: t.anonKey },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('bad_json');
    expect(isAuthApiError(new AuthApiError('x', 400, 'bad_json'))).toBe(true);
  });
});
