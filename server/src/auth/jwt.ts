import { errors, jwtVerify } from 'jose';
import type { Keys } from '../keys.js';

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
  verify(token: string): Promise<JwtClaims>;
}

/** Verifies HS256 tokens signed with JWT_SECRET. The accounts service extends this with AUTH_SIGNING_KEYS. */
export function createJwtVerifier(keys: Keys): JwtVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keys.secretKey, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string') throw new JwtError('invalid', 'JWT has no role claim');
        return payload as JwtClaims;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', err instanceof Error ? err.message : 'invalid JWT');
      }
    },
  };
}
