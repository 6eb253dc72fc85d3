import { describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth.js';
import { assertStrongPassword, hashPassword, verifyPassword, weakPasswordReasons } from './passwords.js';

const cfg = { AUTH_PASSWORD_MIN_LENGTH: 8 };

describe('passwords', () => {
  it('hashes in $2b$ form and verifies Supabase-exported $2a$ hashes', async () => {
    const h = await hashPassword('correct-horse', 4);
    expect(h).toMatch(/^\$2b\$04\$/);
    expect(await verifyPassword('correct-horse', h, 4)).toBe(true);
    expect(await verifyPassword('wrong', h, 4)).toBe(false);
    const exported = h.replace(/^\$2b\$/, '$2a$');
    expect(await verifyPassword('correct-horse', exported, 4)).toBe(true);
  });

  it('answers false (after a dummy comparison) when there is no hash', async () => {
    expect(await verifyPassword('anything', null, 4)).toBe(false);
    expect(await verifyPassword('anything', 'not-bcrypt', 4)).toBe(false);
  });

  it('reports length and common-list reasons', () => {
    expect(weakPasswordReasons('short', cfg)).toEqual(['length']);
    expect(weakPasswordReasons('Password123', cfg)).toEqual(['pwned']);
    expect(weakPasswordReasons('qwerty', cfg)).toEqual(['length', 'pwned']);
    expect(weakPasswordReasons('a-long-unusual-passphrase', cfg)).toEqual([]);
  });

  it('throws weak_password (422) with reasons, and 400 over 72 bytes', () => {
    const e = (() => {
      try {
        assertStrongPassword('short', cfg);
      } catch (err) {
        return err;
      }
    })() as AuthError;
    expect(e).toBeInstanceOf(AuthError);
    expect(e.status).toBe(422);
    expect(e.body).toMatchObject({ error_code: 'weak_password', weak_password: { reasons: ['length'] } });
    expect(() => assertStrongPassword('é'.repeat(40), cfg)).toThrow('Password cannot be longer than 72 characters');
  });
});
