/** How the CRM writes money, days and moments (en-GB, as the rest of the dashboard). */

const money = new Map<string, Intl.NumberFormat>();

/** £1,250 or £1,250.50: pence only when there are some. */
export function formatMoney(value: number, currency: string): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  const key = `${currency}:${cents}`;
  let f = money.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
    });
    money.set(key, f);
  }
  return f.format(value);
}

/** A calendar day (YYYY-MM-DD) as "5 Jun 2026"; the day itself, never shifted by a time zone. */
export function formatDay(ymd: string): string {
  return new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A moment as "5 Jun 2026, 14:30" in the browser's time zone. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
