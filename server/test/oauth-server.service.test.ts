import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let n = 0;
const PASSWORD = 'correct-horse-battery';
const REDIRECT = 'http://localhost:4999/callback';

beforeAll(async () => {
  t = await startTestServer({ SITE_URL: 'http://127.0.0.1:5999', AUTH_OAUTH_DYNAMIC_REGISTRATION: 'true' });
});
afterAll(() => t?.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function signedInUser() {
  const email = `oauth${++n}-${Date.now()}@example.com`;
  await t.admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  const client = t.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, email };
}

async function newClient(extra: Record<string, unknown> = {}) {
  const { data, error } = await t
    .admin()
    .auth.admin.oauth.createClient({ client_name: 'Reporting tool', redirect_uris: [REDIRECT], ...extra });
  expect(error).toBeNull();
  return data!;
}

/** GET /oauth/authorize as a browser would (no apikey); answers the authorization_id of the consent redirect. */
async function authorize(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    scope: 'email profile',
    ...extra,
  });
  const res = await fetch(`${t.url}/auth/v1/oauth/authorize?${q}`, { redirect: 'manual' });
  return res;
}

const token = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/auth/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });

describe('OAuth 2.1 server: admin clients', () => {
  it('create shows the secret once, stores only its hash; get, update, list, regenerate, delete', async () => {
    const admin = t.admin().auth.admin.oauth;
    const created = await newClient({ logo_uri: 'https://example.com/logo.png' });
    expect(created).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      registration_type: 'manual',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [REDIRECT],
    });
    expect(created.client_secret).toMatch(/^[\w-]{43}$/);
    const { rows } = await t.server.ctx.db.query<{ client_secret_hash: string }>(
      'select client_secret_hash from auth.oauth_clients where id = $1',
      [created.client_id],
    );
    expect(rows[0]!.client_secret_hash).toBe(createHash('sha256').update(created.client_secret!).digest('base64url'));

    const got = await admin.getClient(created.client_id);
    expect(got.data).not.toHaveProperty('client_secret');
    const updated = await admin.updateClient(created.client_id, { client_name: 'Renamed' });
    expect(updated.data).toMatchObject({ client_name: 'Renamed', logo_uri: 'https://example.com/logo.png' });
    const empty = await admin.updateClient(created.client_id, {});
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'No fields provided for update' });

    const listed = await admin.listClients({ page: 1, perPage: 1 });
    expect(listed.data.clients).toHaveLength(1);

    const regen = await admin.regenerateClientSecret(created.client_id);
    expect(regen.data?.client_secret).toBeDefined();
    expect(regen.data?.client_secret).not.toBe(created.client_secret);

    expect((await admin.deleteClient(created.client_id)).error).toBeNull();
    const gone = await admin.getClient(created.client_id);
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
  });

  it('refuses bad registrations with GoTrue messages, and callers without the service-role key', async () => {
    const admin = t.admin().auth.admin.oauth;
    expect((await admin.createClient({ client_name: 'x', redirect_uris: [] })).error).toMatchObject({
      status: 400,
      message: 'redirect_uris is required',
    });
    expect((await admin.createClient({ client_name: 'x', redirect_uris: ['http://evil.example/cb'] })).error?.message).toBe(
      "invalid redirect_uri 'http://evil.example/cb': HTTP scheme only allowed for localhost",
    );
    expect((await admin.getClient('not-a-uuid')).error).toMatchObject({ status: 400, message: 'invalid client_id format' });
    const { client } = await signedInUser();
    expect((await client.auth.admin.oauth.listClients()).error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('dynamic registration is answered only when the setting allows it', async () => {
    const res = await fetch(`${t.url}/auth/v1/oauth/clients/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Self-registered', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ registration_type: 'dynamic', client_type: 'public', token_endpoint_auth_method: 'none' });
    const meta = await (await fetch(`${t.url}/auth/v1/.well-known/oauth-authorization-server`)).json();
    expect(meta).toMatchObject({
      registration_endpoint: `http://127.0.0.1:5999/auth/v1/oauth/clients/register`,
      code_challenge_methods_supported: ['S256', 'plain'],
    });

    const off = await startTestServer();
    try {
      const refused = await fetch(`${off.url}/auth/v1/oauth/clients/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT] }),
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error_code: 'oauth_dynamic_client_registration_disabled' });
    } finally {
      await off.close();
    }
  });
});

describe('OAuth 2.1 server: authorization code flow with PKCE and consent', () => {
  it('authorize → consent page → approve → code → tokens that act as the user; the code works once', async () => {
    const c = await newClient();
    const { verifier, challenge } = pkce();
    const res = await authorize(c.client_id, challenge);
    expect(res.status).toBe(302);
    const consentUrl = new URL(res.headers.get('location')!);
    expect(`${consentUrl.origin}${consentUrl.pathname}`).toBe('http://127.0.0.1:5999/oauth/consent');
    const authorizationId = consentUrl.searchParams.get('authorization_id')!;

    const { client: user, email } = await signedInUser();
    const details = await user.auth.oauth.getAuthorizationDetails(authorizationId);
    expect(details.data).toMatchObject({
      authorization_id: authorizationId,
      scope: 'email profile',
      client: { id: c.client_id, name: 'Reporting tool' },
      user: { email },
    });

    const stranger = (await signedInUser()).client;
    expect((await stranger.auth.oauth.getAuthorizationDetails(authorizationId)).error).toMatchObject({
      status: 404,
      code: 'oauth_authorization_not_found',
    });

    const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true });
    const back = new URL(approved.data!.redirect_url);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;

    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: pkce().verifier,
      client_id: c.client_id,
      client_secret: c.client_secret!,
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    // the failed attempt consumed the code: the right verifier now finds nothing either
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: c.client_id,
      client_secret: c.client_secret!,
    });
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' });

    // second round: the consent is remembered, so the details answer the redirect at once
    const second = pkce();
    const id2 = new URL((await authorize(c.client_id, second.challenge)).headers.get('location')!).searchParams.get('authorization_id')!;
    const auto = await user.auth.oauth.getAuthorizationDetails(id2);
    const code2 = new URL((auto.data as { redirect_url: string }).redirect_url).searchParams.get('code')!;
    const basic = `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64')}`;
    const ok = await token(
      { grant_type: 'authorization_code', code: code2, redirect_uri: REDIRECT, code_verifier: second.verifier },
      { authorization: basic },
    );
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as Record<string, unknown>;
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    const me = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.anonKey, authorization: `Bearer ${tokens.access_token}` } });
    expect(((await me.json()) as { email: string }).email).toBe(email);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string }, { authorization: basic });
    expect(refreshed.status).toBe(200);
    const badSecret = await token(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: `Basic ${Buffer.from(`${c.client_id}:nope`).toString('base64')}` },
    );
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('deny sends access_denied back to the client and the request cannot be approved afterwards', async () => {
    const c = await newClient();
    const id = new URL((await authorize(c.client_id, pkce().challenge)).headers.get('location')!).searchParams.get('authorization_id')!;
    const { client: user } = await signedInUser();
    await user.auth.oauth.getAuthorizationDetails(id);
    const denied = await user.auth.oauth.denyAuthorization(id, { skipBrowserRedirect: true });
    const back = new URL(denied.data!.redirect_url);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'User denied the request',
      state: 'xyz',
    });
    const late = await user.auth.oauth.approveAuthorization(id, { skipBrowserRedirect: true });
    expect(late.error).toMatchObject({ status: 400, message: 'authorization request cannot be processed' });
  });

  it('authorize answers a bad client or redirect_uri itself, and sends other mistakes back to the client', async () => {
    const c = await newClient();
    const noPkce = await authorize(c.client_id, '', { code_challenge_method: '' });
    expect(noPkce.status).toBe(302);
    expect(Object.fromEntries(new URL(noPkce.headers.get('location')!).searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'PKCE flow requires both code_challenge and code_challenge_method',
      state: 'xyz',
    });
    const otherUri = await authorize(c.client_id, pkce().challenge, { redirect_uri: 'http://localhost:4999/other' });
    expect(otherUri.status).toBe(400);
    expect(await otherUri.json()).toMatchObject({ msg: 'invalid redirect_uri' });
    const unknown = await authorize('00000000-0000-4000-8000-000000000000', pkce().challenge);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_code: 'oauth_client_not_found', msg: 'invalid client_id' });
  });

  it('refuses consent calls from a foreign origin', async () => {
    const c = await newClient();
    const id = new URL((await authorize(c.client_id, pkce().challenge)).headers.get('location')!).searchParams.get('authorization_id')!;
    const { client: user } = await signedInUser();
    const { data } = await user.auth.getSession();
    const res = await fetch(`${t.url}/auth/v1/oauth/authorizations/${id}`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${data.session!.access_token}`, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ msg: 'unauthorized request origin' });
  });
});
