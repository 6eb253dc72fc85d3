/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote, CR or
 * LF, quotes doubled), UTF-8, for the data export (docs/security.md "Download my data").
 *
 * Spreadsheet programs run a cell that starts with = + - or @ (and some a leading tab or CR) as a formula (OWASP
 * "CSV injection"), so such a text cell is written with a leading ' which they show as text. A cell that is a plain
 * number (a negative profit, "-12.5") is left as it is: it cannot hold a formula, and prefixing it would turn the
 * figure into text.
 */
export type CsvCell = string | number | boolean | null | undefined;

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('a CSV number must be finite');
    return String(value);
  }
  let s = String(value);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header row and one row per record, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}
