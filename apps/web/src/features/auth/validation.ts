import { authMessages } from '@/lib/messages/auth';
import { runtimeConfig } from '@/lib/runtime-config';

/** docs/product.md#sign-in: passwords must match, then be at least 8 characters. */
export const SIGN_UP_PASSWORD_MIN = 8;

/**
 * The reset page's minimum is the auth server's own (AUTH_PASSWORD_MIN_LENGTH, from /api/config), not the
 * specification's 6: a 6- or 7-character password the form let through was refused by the server (issue 44, ADR 0150).
 */
export function resetPasswordMin(): number {
  return runtimeConfig().passwordMinLength ?? SIGN_UP_PASSWORD_MIN;
}

export function validateSignUp(f: { password: string; confirmPassword: string }): string | null {
  if (f.password !== f.confirmPassword) return authMessages.auth.passwordsDoNotMatch;
  if (f.password.length < SIGN_UP_PASSWORD_MIN) return authMessages.auth.passwordTooShort;
  return null;
}
