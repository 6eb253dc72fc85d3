import { authMessages } from '@/lib/auth-messages';

/** docs/product.md#sign-in: passwords must match, then be at least 8 characters (6 on the reset page). */
export const SIGN_UP_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;

export function validateSignUp(f: { password: string; confirmPassword: string }): string | null {
  if (f.password !== f.confirmPassword) return authMessages.auth.passwordsDoNotMatch;
  if (f.password.length < SIGN_UP_PASSWORD_MIN) return authMessages.auth.passwordTooShort;
  return null;
}
