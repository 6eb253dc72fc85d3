import { hash, verify } from '@node-rs/bcrypt';
import type { Config } from '../config.js';
import { authError } from '../errors/auth.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

// Native bcrypt (Rust, N-API async task): hashing runs on libuv's thread pool, so sign-ins use every core and the
// event loop keeps answering other requests meanwhile (issue 16). Output stays $2b$; $2a$/$2y$ still verify.

/** A $2b$ bcrypt hash of `password` at `cost` (AUTH_BCRYPT_COST; tests use 4). */
export const hashPassword = (password: string, cost: number): Promise<string> => hash(password, { cost, version: '2b' });

// Compared against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let h = dummyHashes.get(cost);
  if (!h) dummyHashes.set(cost, (h = hashPassword('not-a-real-password-0123456789', cost)));
  return h;
}

/** True when `password` matches `hash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$\d\d\$/.test(hash)) {
    await verify(password, await dummyHash(cost));
    return false;
  }
  return verify(password, hash);
}

/** Reasons the password is weak, as GoTrue names them ('length'; 'pwned' for the common list). */
export function weakPasswordReasons(password: string, config: Pick<Config, 'AUTH_PASSWORD_MIN_LENGTH'>): string[] {
  const reasons: string[] = [];
  if ([...password].length < config.AUTH_PASSWORD_MIN_LENGTH) reasons.push('length');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('pwned');
  return reasons;
}

/** Throws GoTrue's 400 (over 72 bytes) or 422 weak_password with reasons. */
export function assertStrongPassword(password: string, config: Pick<Config, 'AUTH_PASSWORD_MIN_LENGTH'>): void {
  if (Buffer.byteLength(password, 'utf8') > 72) throw authError('validation_failed', 'Password cannot be longer than 72 characters');
  const reasons = weakPasswordReasons(password, config);
  if (!reasons.length) return;
  const message = [
    reasons.includes('length') ? `Password should be at least ${config.AUTH_PASSWORD_MIN_LENGTH} characters.` : '',
    reasons.includes('pwned') ? 'Password is known to be weak and easy to guess, please choose a different one.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  throw authError('weak_password', message, { weak_password: { reasons } });
}
