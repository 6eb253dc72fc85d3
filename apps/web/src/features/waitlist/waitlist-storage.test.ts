import { describe, expect, it } from 'vitest';
import { firstNameOf, readWaitlistUser, saveWaitlistUser, WAITLIST_STORAGE_KEY } from './waitlist-storage';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    length: 0,
  };
}

describe('waitlist storage', () => {
  it('keeps the first word of the name, the e-mail and the position', () => {
    const s = memoryStorage();
    saveWaitlistUser({ firstName: firstNameOf('  Ada  Byron Lovelace '), email: 'ada@example.com', waitlistPosition: 12 }, s);
    expect(readWaitlistUser(s)).toEqual({ firstName: 'Ada', email: 'ada@example.com', waitlistPosition: 12 });
  });
  it('treats missing, corrupt or foreign data as no data', () => {
    const s = memoryStorage();
    expect(readWaitlistUser(s)).toBeNull();
    s.setItem(WAITLIST_STORAGE_KEY, '{not json');
    expect(readWaitlistUser(s)).toBeNull();
    s.setItem(WAITLIST_STORAGE_KEY, JSON.stringify({ firstName: 'X', email: 'x@example.com', waitlistPosition: -1 }));
    expect(readWaitlistUser(s)).toBeNull();
  });
});
