import { describe, expect, it } from 'vitest';
import { dueSlot } from './schedule.js';

const daily = { type: 'schedule' as const, every: 'day' as const, at: '09:00', timezone: 'Europe/London' };

describe('scheduled connections', () => {
  it('come round at their time in their own time zone (GMT in winter, BST in summer)', () => {
    expect(dueSlot(daily, new Date('2026-11-30T09:00:00Z'))).toBe('2026-11-30 09:00');
    expect(dueSlot(daily, new Date('2026-07-01T08:00:30Z'))).toBe('2026-07-01 09:00');
    expect(dueSlot(daily, new Date('2026-07-01T09:00:00Z'))).toBeNull(); // 10:00 in London
    expect(dueSlot({ ...daily, timezone: 'America/New_York' }, new Date('2026-11-30T14:00:00Z'))).toBe('2026-11-30 09:00');
  });

  it('catch up a time missed by up to 15 minutes, not more', () => {
    expect(dueSlot(daily, new Date('2026-11-30T09:14:00Z'))).toBe('2026-11-30 09:00');
    expect(dueSlot(daily, new Date('2026-11-30T09:16:00Z'))).toBeNull();
    expect(dueSlot(daily, new Date('2026-11-30T08:59:00Z'))).toBeNull();
  });

  it('weekly ones fire on their weekday only (Monday by default)', () => {
    const weekly = { ...daily, every: 'week' as const };
    expect(dueSlot(weekly, new Date('2026-11-30T09:00:00Z'))).toBe('2026-11-30 09:00'); // a Monday
    expect(dueSlot(weekly, new Date('2026-12-01T09:00:00Z'))).toBeNull();
    expect(dueSlot({ ...weekly, weekday: 2 }, new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01 09:00');
  });
});
