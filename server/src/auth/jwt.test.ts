import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Keys } from '../keys.js';
import { jwtVerify, SignJWT } from 'jose';
import { createJwtVerifier, JwtError, signHs256, VerifiedTokens } from './jwt.js';

const keys = { secretKey: new TextEncoder().encode('a-test-secret-of-at-least-32-characters!') } as Keys;

afterEach(() => vi.useRealTimers());

describe('JWT verification cache (issue 16)', () => {
  it('answers a cached token with a copy: a caller changing its claims changes nothing for the next', async () => {
    const v = createJwtVerifier(keys);
    const now = Math.floor(Date.now() / 1000);
    const token = await v.sign({ role: 'authenticated', sub: 'u1', exp: now + 60 });
    const first = await v.verify(token);
    first.role = 'service_role';
    expect(await v.verify(token)).toMatchObject({ role: 'authenticated', sub: 'u1' });
  });

  it('keeps nested claims of a cached token unchangeable: a nested change throws, the next caller sees the original', async () => {
    const v = createJwtVerifier(keys);
    const now = Math.floor(Date.now() / 1000);
    const token = await v.sign({ role: 'authenticated', sub: 'u1', exp: now + 60, app_metadata: { provider: 'email' } });
    await v.verify(token); // fills the cache
    const hit = (await v.verify(token)) as unknown as { app_metadata: { provider: string }; extra?: number };
    hit.extra = 1; // the top level is the caller's own object
    expect(() => {
      hit.app_metadata.provider = 'forged';
    }).toThrow(TypeError);
    expect(await v.verify(token)).toEqual({ role: 'authenticated', sub: 'u1', exp: now + 60, app_metadata: { provider: 'email' } });
  });

  it('never serves a token past its exp: the second check after expiry answers expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-01T00:00:00Z');
    vi.setSystemTime(start);
    const v = createJwtVerifier(keys);
    const token = await v.sign({ role: 'authenticated', sub: 'u1', exp: start.getTime() / 1000 + 60 });
    expect((await v.verify(token)).sub).toBe('u1');
    vi.setSystemTime(start.getTime() + 59_000);
    expect((await v.verify(token)).sub).toBe('u1');
    vi.setSystemTime(start.getTime() + 60_000);
    await expect(v.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('does not cache failures, nor accept a token with a forged signature after its twin was seen', async () => {
    const v = createJwtVerifier(keys);
    const token = await v.sign({ role: 'authenticated', sub: 'u1', exp: Math.floor(Date.now() / 1000) + 60 });
    await v.verify(token);
    const forged = token.slice(0, token.lastIndexOf('.') + 1) + 'x'.repeat(43);
    await expect(v.verify(forged)).rejects.toBeInstanceOf(JwtError);
    await expect(v.verify(forged)).rejects.toBeInstanceOf(JwtError);
  });

  it('stays bounded, dropping the least recently used token', () => {
    const cache = new VerifiedTokens(2);
    const claims = (sub: string) => ({ role: 'anon', sub });
    cache.set('a', claims('a'));
    cache.set('b', claims('b'));
    expect(cache.get('a', 0)?.sub).toBe('a'); // a is now the most recent
    cache.set('c', claims('c'));
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)?.sub).toBe('a');
    expect(cache.get('c', 0)?.sub).toBe('c');
  });
});

describe('HS256 signing without WebCrypto (issue 16)', () => {
  it("makes exactly jose's token for the same claims, and jose verifies it", async () => {
    const claims = {
      iss: 'http://127.0.0.1:3000/auth/v1',
      sub: '7f0c2c1e-1b1a-4f57-9a55-0c1c5e1a9b10',
      aud: 'authenticated',
      exp: 1_900_000_000,
      iat: 1_899_996_400,
      email: 'zoë@example.com',
      user_metadata: { first_name: 'Zoë 🚀', nested: { a: [1, 'two', null] } },
      amr: [{ method: 'password', timestamp: 1_899_996_400 }],
      is_anonymous: false,
    };
    const ours = signHs256(claims, keys.secretKey);
    expect(ours).toBe(await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keys.secretKey));
    expect((await jwtVerify(ours, keys.secretKey, { algorithms: ['HS256'], currentDate: new Date(1_899_996_500_000) })).payload).toEqual(
      claims,
    );
    const other = new TextEncoder().encode('another-secret-of-at-least-32-characters');
    await expect(jwtVerify(signHs256(claims, other), keys.secretKey)).rejects.toThrow();
  });
});
