import bcryptjs from 'bcryptjs';
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

  it('verifies hashes made by bcryptjs, the hasher before issue 16 ($2a$ from a Supabase export, $2b$ from us)', async () => {
    // made with bcryptjs.hashSync('supabase-exported', '$2a$04$m.acj8YJPIR1NVtIbK3YQe')
    const exported2a = '$2a$04$m.acj8YJPIR1NVtIbK3YQeduRS0MldxzZkPCSbBQndTDnwkr9Z7Du';
    expect(await verifyPassword('supabase-exported', exported2a, 4)).toBe(true);
    expect(await verifyPassword('supabase-exportee', exported2a, 4)).toBe(false);
    const old2b = bcryptjs.hashSync('made-by-bcryptjs', 4);
    expect(old2b).toMatch(/^\$2b\$04\$/);
    expect(await verifyPassword('made-by-bcryptjs', old2b, 4)).toBe(true);
    // and the other way round: what we write now, bcryptjs (any other bcrypt) reads
    expect(bcryptjs.compareSync('correct-horse', await hashPassword('correct-horse', 4))).toBe(true);
  });

  it("keeps bcrypt's 72-byte truncation, as bcryptjs did", async () => {
    const long = 'x'.repeat(72);
    const h = await hashPassword(long, 4);
    expect(await verifyPassword(long + 'ignored', h, 4)).toBe(true);
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
