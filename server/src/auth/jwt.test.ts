import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Keys } from '../keys.js';
import { createJwtVerifier, JwtError, VerifiedTokens } from './jwt.js';

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
