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

/** HS256 with JWT_SECRET always verifies (anon/service keys, older tokens); asymmetric keys are picked by kid. */
export function createJwtVerifier(keys: Keys, signing?: SigningKeySet): JwtVerifier {
  const byKid = new Map(signing?.all.map((k) => [k.kid, k]));
  return {
    async verify(token) {
      try {
        const header = decodeProtectedHeader(token);
        const asymmetric = header.kid ? byKid.get(header.kid) : undefined;
        const { payload } = asymmetric
          ? await jwtVerify(token, asymmetric.publicKey, { algorithms: [asymmetric.alg] })
          : await jwtVerify(token, keys.secretKey, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string') throw new JwtError('invalid', 'JWT has no role claim');
        return payload as JwtClaims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
    },
    async sign(claims) {
      const key = signing?.current;
      if (!key) return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keys.secretKey);
      return new SignJWT(claims).setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid }).sign(key.privateKey);
    },
    publicJwks: () => signing?.all.map((k) => k.publicJwk) ?? [],
  };
}
