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
  it('checks the lengths and the position as the stored shape says (1-200, 3-320, a positive whole number)', () => {
    const s = memoryStorage();
    const read = (v: unknown) => (s.setItem(WAITLIST_STORAGE_KEY, JSON.stringify(v)), readWaitlistUser(s));
    const ok = { firstName: 'A', email: 'a@b', waitlistPosition: 1 };
    expect(read(ok)).toEqual(ok);
    expect(read({ ...ok, firstName: 'x'.repeat(200), email: 'e'.repeat(320), extra: 1 })).toEqual({
      ...ok,
      firstName: 'x'.repeat(200),
      email: 'e'.repeat(320),
    });
    for (const bad of [
      { ...ok, firstName: '' },
      { ...ok, firstName: 'x'.repeat(201) },
      { ...ok, email: 'a@' },
      { ...ok, email: 'e'.repeat(321) },
      { ...ok, waitlistPosition: 0 },
      { ...ok, waitlistPosition: 1.5 },
      { ...ok, waitlistPosition: '1' },
      { ...ok, firstName: 1 },
      null,
      [ok],
    ])
      expect(read(bad)).toBeNull();
  });
});
