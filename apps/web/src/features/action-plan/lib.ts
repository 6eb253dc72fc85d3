/** Today in the customer's own time zone, as YYYY-MM-DD (what due dates are compared with). */
export const localToday = () => new Date().toLocaleDateString('en-CA');

/** "Fri 8 Jan" for a YYYY-MM-DD date. */
export const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
