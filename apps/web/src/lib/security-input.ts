import { isEmailAddress } from '@app/shared/email';
import { publicMessages } from './messages/public';

/** The security input helper used on every free-text form. */
export const MAX_TEXT_LENGTH = 10000;

export type Validation = { valid: true; value: string } | { valid: false; error: string };

/**
 * Control characters other than tab and line breaks: never part of what a person types, refused rather than
 * removed. Text is otherwise kept as typed (trimmed): React escapes it on output, so no HTML is stripped.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

export function validateEmail(input: string): Validation {
  const value = input.trim().toLowerCase();
  return isEmailAddress(value) ? { valid: true, value } : { valid: false, error: publicMessages.security.invalidEmail };
}

export function validateUrl(input: string): Validation {
  const value = input.trim();
  try {
    new URL(value);
    return { valid: true, value };
  } catch {
    return { valid: false, error: publicMessages.security.invalidUrl };
  }
}

export function validateText(input: string, max = MAX_TEXT_LENGTH): Validation {
  if (input.length > max) return { valid: false, error: publicMessages.security.textTooLong };
  if (hasControlCharacters(input)) return { valid: false, error: publicMessages.security.invalidCharacters };
  return { valid: true, value: input.trim() };
}
