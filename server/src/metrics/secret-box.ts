import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Customers' secrets at rest (a read-only Stripe key): AES-256-GCM under a server key, stored as
 * `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts). DATA_ENCRYPTION_KEYS lists `id:base64` keys, the first
 * encrypting and every one decrypting, so a key is rotated by putting a new one first; `needsRotation` tells a
 * stored value sealed under an older key, which its reader then seals again (docs/metrics-stripe.md).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  needsRotation(sealed: string): boolean;
}

type Keyring = { id: string; key: Buffer }[];

/** DATA_ENCRYPTION_KEYS, or one key generated into DATA_DIR/data-key (mode 0600) on first start. */
function keyring(config: Pick<Config, 'DATA_ENCRYPTION_KEYS' | 'DATA_DIR'>): Keyring {
  let spec = config.DATA_ENCRYPTION_KEYS;
  if (!spec) {
    const file = path.resolve(config.DATA_DIR, 'data-key');
    if (existsSync(file)) spec = readFileSync(file, 'utf8').trim();
    else {
      mkdirSync(config.DATA_DIR, { recursive: true });
      spec = `local:${randomBytes(32).toString('base64')}`;
      writeFileSync(file, spec + '\n', { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  return spec.split(',').map((pair) => {
    const [id, b64] = pair.split(':') as [string, string];
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32) throw new Error(`DATA_ENCRYPTION_KEYS: key ${id} is not 32 bytes`);
    return { id, key };
  });
}

export function createSecretBox(config: Pick<Config, 'DATA_ENCRYPTION_KEYS' | 'DATA_DIR'>): SecretBox {
  const keys = keyring(config);
  const current = keys[0]!;
  const parts = (sealed: string) => {
    const [v, id, iv, tag, ct] = sealed.split(':');
    if (v !== 'v1' || !id || !iv || !tag || ct === undefined) throw new Error('not a sealed secret');
    return { id, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), ct: Buffer.from(ct, 'base64url') };
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
    },
    open(sealed) {
      const p = parts(sealed);
      const key = keys.find((k) => k.id === p.id);
      if (!key) throw new Error(`sealed under key ${p.id}, which DATA_ENCRYPTION_KEYS no longer lists`);
      const decipher = createDecipheriv('aes-256-gcm', key.key, p.iv);
      decipher.setAuthTag(p.tag);
      return Buffer.concat([decipher.update(p.ct), decipher.final()]).toString('utf8');
    },
    needsRotation: (sealed) => parts(sealed).id !== current.id,
  };
}
