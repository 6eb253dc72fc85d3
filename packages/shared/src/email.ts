/**
 * The one shape rule for an e-mail address we accept (waitlist, contact form, sign-in forms, POST /api/waitlist):
 * something@something.something, no whitespace and one @ per side. Whitespace is JavaScript's \s spelled out, so
 * that PostgreSQL can say exactly the same: the checks on ebook_subscribers.email and contact_messages.email
 * (migration 0501) use EMAIL_PATTERN_SOURCE as it is, and server/test/rest-waitlist.service.test.ts feeds both sides
 * the same addresses.
 */
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

export const EMAIL_PATTERN_SOURCE = `^[^@${SPACE}]+@[^@${SPACE}]+\\.[^@${SPACE}]+$`;

export const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE);

/** RFC 5321's limit on a whole address, also the tables'. */
export const EMAIL_MAX_LENGTH = 320;

export const isEmailAddress = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
