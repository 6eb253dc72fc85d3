/**
 * Claims of a Supabase-style access token or API key. A leaf module (no imports) so that db/ (which sets
 * request.jwt.claims) and every service can name the type without importing a service (docs/decisions/0200).
 */
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
