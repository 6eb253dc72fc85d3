import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import type { Config } from './config.js';

export interface Keys {
  jwtSecret: string;
  /** HS256 key bytes of jwtSecret, for jose. */
  secretKey: Uint8Array;
  anonKey: string;
  serviceRoleKey: string;
}

/** JWT_SECRET, or one generated into DATA_DIR/jwt-secret (mode 0600) on first start and reused after. */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** The anon and service-role API keys, signed like Supabase's (iss supabase, long expiry). */
async function apiKey(role: 'anon' | 'service_role', key: Uint8Array): Promise<string> {
  const iat = 1_700_000_000; // fixed, so the keys are stable across restarts for one secret
  return new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TEN_YEARS)
    .sign(key);
}

export async function loadKeys(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>): Promise<Keys> {
  const jwtSecret = resolveJwtSecret(config);
  const secretKey = new TextEncoder().encode(jwtSecret);
  return { jwtSecret, secretKey, anonKey: await apiKey('anon', secretKey), serviceRoleKey: await apiKey('service_role', secretKey) };
}
