/** Quick due dates for a follow-up ("follow up on Friday"), worked out from today's calendar day. */

export type QuickDue = 'today' | 'tomorrow' | 'friday' | 'nextWeek';

/** The day `n` days after a YYYY-MM-DD day. */
export function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const weekday = (ymd: string) => new Date(`${ymd}T00:00:00Z`).getUTCDay(); // 0 = Sunday

/**
 * Today, tomorrow, the coming Friday (on a Friday: next week's, since "on Friday" then means the next one) and
 * next Monday (the start of next week).
 */
export function quickDueDates(today: string): Record<QuickDue, string> {
  const day = weekday(today);
  const toFriday = (5 - day + 7) % 7 || 7;
  const toMonday = (1 - day + 7) % 7 || 7;
  return { today, tomorrow: addDays(today, 1), friday: addDays(today, toFriday), nextWeek: addDays(today, toMonday) };
}
