import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../test/support/temp-dir.js';
import { loadSigningKeys } from './signing-keys.js';

const write = (content: unknown) => {
  const file = path.join(testTempDir('sk-'), 'keys.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('loadSigningKeys', () => {
  it('is undefined without a file', () => expect(loadSigningKeys(undefined)).toBeUndefined());

  it('picks the key whose key_ops include sign, from an array or {keys}', async () => {
    const a = { ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)), kid: 'a', key_ops: ['verify'] };
    const b = {
      ...(await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey)),
      kid: 'b',
      key_ops: ['sign', 'verify'],
    };
    const set = loadSigningKeys(write({ keys: [a, b] }))!;
    expect(set.current.kid).toBe('b');
    expect(set.current.alg).toBe('RS256');
    expect(set.all.map((k) => k.kid)).toEqual(['a', 'b']);
    expect(set.all[0]!.publicJwk).toMatchObject({ kty: 'EC', kid: 'a', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(set.all[0]!.publicJwk).not.toHaveProperty('d');
    expect(loadSigningKeys(write([a]))!.current.kid).toBe('a');
  });

  it('names what is wrong with a bad file', async () => {
    expect(() => loadSigningKeys('/nonexistent/keys.json')).toThrow(/AUTH_SIGNING_KEYS: cannot read/);
    expect(() => loadSigningKeys(write('not json'))).toThrow(/AUTH_SIGNING_KEYS/);
    const pub = { ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey)), kid: 'p' };
    expect(() => loadSigningKeys(write([pub]))).toThrow(/key 0\.d: /);
    expect(() => loadSigningKeys(write([{ kty: 'oct', k: 'abc', kid: 'h' }]))).toThrow(/AUTH_SIGNING_KEYS/);
  });
});
