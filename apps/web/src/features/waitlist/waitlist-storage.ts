/** docs/product.md#waitlist: what the thanks page needs, kept in the browser after joining. */
export const WAITLIST_STORAGE_KEY = 'waitlist-user';

export interface StoredWaitlistUser {
  firstName: string;
  email: string;
  waitlistPosition: number;
}

const text = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max;

/**
 * What we wrote: a name of 1-200 and an e-mail of 3-320 characters, a positive whole position. Checked by hand, not
 * with zod: the thanks page reads it on its first visit, which then does not load zod (issue 15, decision 0060).
 */
function stored(v: unknown): StoredWaitlistUser | null {
  if (typeof v !== 'object' || v === null) return null;
  const { firstName, email, waitlistPosition } = v as Record<string, unknown>;
  if (!text(firstName, 1, 200) || !text(email, 3, 320)) return null;
  if (typeof waitlistPosition !== 'number' || !Number.isSafeInteger(waitlistPosition) || waitlistPosition <= 0) return null;
  return { firstName, email, waitlistPosition };
}

/** The first word of the full name (docs/product.md#waitlist). */
export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

export function saveWaitlistUser(u: StoredWaitlistUser, storage: Storage = localStorage): void {
  try {
    storage.setItem(WAITLIST_STORAGE_KEY, JSON.stringify(u));
  } catch (err) {
    console.warn('Could not store the waitlist details', err);
  }
}

/** The stored details, or null when missing or not what we wrote. */
export function readWaitlistUser(storage: Storage = localStorage): StoredWaitlistUser | null {
  try {
    const raw = storage.getItem(WAITLIST_STORAGE_KEY);
    if (!raw) return null;
    return stored(JSON.parse(raw));
  } catch {
    return null;
  }
}
