import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** One asymmetric key from AUTH_SIGNING_KEYS: its private part (if it signs) and public part (to verify). */
export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK as /.well-known/jwks.json publishes it. */
  publicJwk: Record<string, unknown>;
}

export interface SigningKeySet {
  /** The key new tokens are signed with (the one whose key_ops include "sign", else the first). */
  current: SigningKey;
  all: SigningKey[];
}

const jwkSchema = z
  .object({
    kty: z.enum(['RSA', 'EC']),
    kid: z.string().min(1),
    alg: z.enum(['RS256', 'ES256']).optional(),
    key_ops: z.array(z.string()).optional(),
    d: z.string().min(1, 'private key parameter d is required'),
  })
  .passthrough();
const keysSchema = z.array(jwkSchema).min(1, 'no keys');

/**
 * Reads Supabase's signing-keys file (a JSON array of private JWKs, or {"keys": [...]}).
 * RS256 and ES256 only; symmetric keys stay JWT_SECRET's job. Returns undefined when no file is named.
 */
export function loadSigningKeys(file: string | undefined): SigningKeySet | undefined {
  if (!file) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`AUTH_SIGNING_KEYS: cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  // a JSON array of JWKs (the Supabase CLI's file) or a JWKS object {"keys": [...]}
  const list = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  const result = keysSchema.safeParse(list);
  if (!result.success)
    throw new Error(`AUTH_SIGNING_KEYS: ${result.error.issues.map((i) => `key ${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const all = result.data.map((jwk): SigningKey & { signs: boolean } => {
    const alg = jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : 'ES256');
    if ((alg === 'RS256') !== (jwk.kty === 'RSA')) throw new Error(`AUTH_SIGNING_KEYS: key ${jwk.kid} has kty ${jwk.kty} but alg ${alg}`);
    if (jwk.kty === 'EC' && jwk.crv !== 'P-256') throw new Error(`AUTH_SIGNING_KEYS: key ${jwk.kid} must use curve P-256`);
    const privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
    const publicKey = createPublicKey(privateKey);
    const pub = publicKey.export({ format: 'jwk' });
    return {
      kid: jwk.kid,
      alg,
      privateKey,
      publicKey,
      publicJwk: { ...pub, kid: jwk.kid, alg, use: 'sig', key_ops: ['verify'] },
      signs: jwk.key_ops?.includes('sign') ?? false,
    };
  });
  const current = all.find((k) => k.signs) ?? all[0]!;
  return { current, all };
}
