import { messages } from './messages';

/** Part 2 §5: the security input helper used on every free-text form. */
export const MAX_TEXT_LENGTH = 10000;

export type Validation = { valid: true; value: string } | { valid: false; error: string };

/** Trims and strips script tags, 'javascript:' URLs and inline event-handler attributes. */
export function sanitizeInput(input: string): string {
  return input
    .trim()
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<\/?script\b[^>]*>/gi, '')
    .replace(/javascript\s*:/gi, '')
    .replace(/\bon[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .trim();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(input: string): Validation {
  const value = sanitizeInput(input).toLowerCase();
  return EMAIL.test(value) ? { valid: true, value } : { valid: false, error: messages.security.invalidEmail };
}

export function validateUrl(input: string): Validation {
  const value = sanitizeInput(input);
  try {
    new URL(value);
    return { valid: true, value };
  } catch {
    return { valid: false, error: messages.security.invalidUrl };
  }
}

export function validateText(input: string, max = MAX_TEXT_LENGTH): Validation {
  if (input.length > max) return { valid: false, error: messages.security.textTooLong };
  return { valid: true, value: sanitizeInput(input) };
}
