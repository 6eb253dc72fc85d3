import { createHmac } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Keys } from '../keys.js';
import type { SigningKeySet } from './signing-keys.js';

/** Claims of a Supabase-style access token or API key. */
export interface JwtClaims {
  role: string;
  sub?: string;
  email?: string;
  aal?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  exp?: number;
  [claim: string]: unknown;
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface JwtVerifier {
  /** Verifies an HS256 token (JWT_SECRET) or one signed by a key of AUTH_SIGNING_KEYS (by its kid). */
  verify(token: string): Promise<JwtClaims>;
  /** Signs claims with the current AUTH_SIGNING_KEYS key (header kid), or HS256 with JWT_SECRET. */
  sign(claims: JWTPayload): Promise<string>;
  /** The public keys for /.well-known/jwks.json (never the HS256 secret). */
  publicJwks(): Record<string, unknown>[];
}

/**
 * Tokens verified recently, newest last (a Map keeps insertion order, so the first key is the least recently used).
 * Verification is a pure function of the token, this verifier's keys and the clock: a hit answers the same claims
 * as long as the token has not expired. Failures are never cached. The profile of issue 16 put jose + WebCrypto at
 * about a fifth of a REST read's CPU; one browser sends the same access token for an hour.
 */
export class VerifiedTokens {
  private readonly map = new Map<string, { claims: JwtClaims; expMs: number }>();
  constructor(private readonly max: number) {}
  get(token: string, nowMs: number): JwtClaims | undefined {
    const hit = this.map.get(token);
    if (!hit) return undefined;
    this.map.delete(token);
    if (nowMs >= hit.expMs) return undefined; // expired: verify again, which answers 'expired'
    this.map.set(token, hit);
    return hit.claims;
  }
  set(token: string, claims: JwtClaims): void {
    // without exp (API keys) the entry lives until it falls out of the LRU
    const expMs = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY;
    this.map.delete(token);
    this.map.set(token, { claims, expMs });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Tokens kept verified per verifier; bounded so that a flood of distinct tokens costs memory of this size only. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * An HS256 compact JWS made with node's HMAC: byte for byte what jose's SignJWT makes with the same header (a unit
 * test compares them), without WebCrypto's key import and async job per token (about 175 against 12 CPU µs a
 * token; issue 16, docs/decisions/0065).
 */
export function signHs256(claims: JWTPayload, secret: Uint8Array): string {
  const input = `${HS256_HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** HS256 with JWT_SECRET always verifies (anon/service keys, older tokens); asymmetric keys are picked by kid. */
export function createJwtVerifier(keys: Keys, signing?: SigningKeySet): JwtVerifier {
  const byKid = new Map(signing?.all.map((k) => [k.kid, k]));
  const verified = new VerifiedTokens(VERIFIED_TOKEN_CACHE_SIZE);
  return {
    async verify(token) {
      const cached = verified.get(token, Date.now());
      // a shallow copy of deep-frozen claims: a caller may add to its object, and a change below the top level
      // throws instead of altering the cached claims (structuredClone cost ~3 CPU µs a request; ADR 0076)
      if (cached) return { ...cached };
      try {
        const header = decodeProtectedHeader(token);
        const asymmetric = header.kid ? byKid.get(header.kid) : undefined;
        const { payload } = asymmetric
          ? await jwtVerify(token, asymmetric.publicKey, { algorithms: [asymmetric.alg] })
          : await jwtVerify(token, keys.secretKey, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string') throw new JwtError('invalid', 'JWT has no role claim');
        verified.set(token, deepFreeze(structuredClone(payload as JwtClaims)));
        return payload as JwtClaims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
    },
    async sign(claims) {
      const key = signing?.current;
      if (!key) return signHs256(claims, keys.secretKey);
      return new SignJWT(claims).setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid }).sign(key.privateKey);
    },
    publicJwks: () => signing?.all.map((k) => k.publicJwk) ?? [],
  };
}
