import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
const dirs: string[] = [];
const dataDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secret box', () => {
  it('seals so that only the key opens it, never as the plain text, a fresh IV each time', () => {
    const box = createSecretBox({ DATA_ENCRYPTION_KEYS: `a:${key(1)}`, DATA_DIR: dataDir() });
    const one = box.seal('rk_test_secret');
    expect(one).not.toContain('rk_test_secret');
    expect(one.startsWith('v1:a:')).toBe(true);
    expect(box.seal('rk_test_secret')).not.toBe(one);
    expect(box.open(one)).toBe('rk_test_secret');
    const other = createSecretBox({ DATA_ENCRYPTION_KEYS: `a:${key(2)}`, DATA_DIR: dataDir() });
    expect(() => other.open(one)).toThrow();
  });

  it('a tampered ciphertext does not open', () => {
    const box = createSecretBox({ DATA_ENCRYPTION_KEYS: `a:${key(1)}`, DATA_DIR: dataDir() });
    const [v, id, iv, tag, ct] = box.seal('rk_test_secret').split(':');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, id, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
  });

  it('rotation: a new key first still opens what the old one sealed, and says it needs sealing again', () => {
    const old = createSecretBox({ DATA_ENCRYPTION_KEYS: `a:${key(1)}`, DATA_DIR: dataDir() });
    const sealed = old.seal('rk_test_secret');
    const rotated = createSecretBox({ DATA_ENCRYPTION_KEYS: `b:${key(2)},a:${key(1)}`, DATA_DIR: dataDir() });
    expect(rotated.open(sealed)).toBe('rk_test_secret');
    expect(rotated.needsRotation(sealed)).toBe(true);
    expect(rotated.needsRotation(rotated.seal('x'))).toBe(false);
    const dropped = createSecretBox({ DATA_ENCRYPTION_KEYS: `b:${key(2)}`, DATA_DIR: dataDir() });
    expect(() => dropped.open(sealed)).toThrow(/no longer lists/);
  });

  it('without the setting, one key is generated into DATA_DIR (0600) and reused', () => {
    const dir = dataDir();
    const sealed = createSecretBox({ DATA_DIR: dir }).seal('rk_test_secret');
    expect(statSync(path.join(dir, 'data-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'data-key'), 'utf8')).toMatch(/^local:/);
    expect(createSecretBox({ DATA_DIR: dir }).open(sealed)).toBe('rk_test_secret');
  });
});
