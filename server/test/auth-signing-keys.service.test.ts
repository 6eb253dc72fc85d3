import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let dir: string;

beforeAll(async () => {
  const es = await generateKeyPair('ES256', { extractable: true });
  const rs = await generateKeyPair('RS256', { extractable: true });
  const keys = [
    { ...(await exportJWK(rs.privateKey)), kid: 'old-rsa', alg: 'RS256', use: 'sig', key_ops: ['verify'] },
    { ...(await exportJWK(es.privateKey)), kid: 'current-ec', alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true },
  ];
  dir = mkdtempSync(path.join(tmpdir(), 'keys-'));
  const file = path.join(dir, 'signing_keys.json');
  writeFileSync(file, JSON.stringify(keys));
  t = await startTestServer({ AUTH_SIGNING_KEYS: file, JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256-0123' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('AUTH_SIGNING_KEYS (asymmetric JWTs)', () => {
  it('signs access tokens with the current key and its kid; getClaims verifies through the JWKS', async () => {
    const client = t.client();
    const { data } = await client.auth.signUp({ email: `keys-${Date.now()}@example.com`, password: 'correct-horse-battery' });
    const header = decodeProtectedHeader(data.session!.access_token);
    expect(header).toMatchObject({ alg: 'ES256', kid: 'current-ec', typ: 'JWT' });
    expect((await t.server.ctx.jwt.verify(data.session!.access_token)).sub).toBe(data.user!.id);
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(data.user!.id);
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('publishes only public keys', async () => {
    const jwks = (await (await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((k) => k.kid).sort()).toEqual(['current-ec', 'old-rsa']);
    for (const k of jwks.keys) {
      expect(k).not.toHaveProperty('d');
      expect(k).toMatchObject({ use: 'sig', key_ops: ['verify'] });
    }
    expect(jwks.keys.find((k) => k.kid === 'current-ec')).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
  });

  it('keeps accepting HS256 tokens (anon and service keys, tokens issued before the switch)', async () => {
    expect((await t.server.ctx.jwt.verify(t.anonKey)).role).toBe('anon');
    expect((await t.server.ctx.jwt.verify(t.serviceRoleKey)).role).toBe('service_role');
    const legacy = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256-0123'));
    expect((await t.server.ctx.jwt.verify(legacy)).sub).toBe('00000000-0000-4000-8000-000000000001');
    await expect(t.server.ctx.jwt.verify(legacy.slice(0, -4) + 'AAAA')).rejects.toThrow();
    expect((await t.admin().auth.admin.listUsers()).error).toBeNull();
  });

  it('refuses a token signed by an unknown key with a known kid', async () => {
    const stranger = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: 'current-ec' })
      .setExpirationTime('1h')
      .sign(stranger.privateKey);
    await expect(t.server.ctx.jwt.verify(forged)).rejects.toThrow();
  });
});
