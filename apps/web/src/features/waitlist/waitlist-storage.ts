import { z } from 'zod';

/** docs/product.md#waitlist: what the thanks page needs, kept in the browser after joining. */
export const WAITLIST_STORAGE_KEY = 'waitlist-user';

const stored = z.object({
  firstName: z.string().min(1).max(200),
  email: z.string().min(3).max(320),
  waitlistPosition: z.number().int().positive(),
});
export type StoredWaitlistUser = z.infer<typeof stored>;

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
    const parsed = stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
