/**
 * The one shape rule for an e-mail address we accept (waitlist, contact form, sign-in forms, POST /api/waitlist):
 * something@something.something, no whitespace and one @ per side. The database's check on
 * public.ebook_subscribers.email says the same in SQL; server/test/rest-waitlist.service.test.ts feeds both the same cases.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321's limit on a whole address, also the table's. */
export const EMAIL_MAX_LENGTH = 320;

export const isEmailAddress = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
