/** Small, pure formatters for the Markdown report. Missing figures print as an em dash. */

const DASH = '—';
const missing = (n: number | null | undefined): n is null | undefined => n === null || n === undefined || !Number.isFinite(n);

/** A GitHub-flavoured Markdown table; `right` marks numeric columns to align right. Pipes and newlines in cells are escaped. */
export function markdownTable(headers: string[], rows: (string | number)[][], right: boolean[] = []): string {
  const cell = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const line = (cells: (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = headers.map((_, i) => (right[i] ? '---:' : '---'));
  return [line(headers), `| ${rule.join(' | ')} |`, ...rows.map((r) => line(headers.map((_, i) => r[i] ?? '')))].join('\n');
}

export function fmtInt(n: number | null | undefined): string {
  return missing(n) ? DASH : Math.round(n).toLocaleString('en-GB');
}

/** Requests per second: whole numbers from 100 up, one decimal below (sign-in rates are small). */
export function fmtRate(n: number | null | undefined): string {
  if (missing(n)) return DASH;
  return n >= 100 ? fmtInt(n) : n.toFixed(1);
}

export function fmtMs(n: number | null | undefined): string {
  if (missing(n)) return DASH;
  return n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`;
}

export function fmtKb(bytes: number | null | undefined): string {
  return missing(bytes) ? DASH : `${(bytes / 1024).toFixed(1)} kB`;
}

/** Lighthouse category score (0..1) as the 0..100 figure people know. */
export function fmtScore(score: number | null | undefined): string {
  return missing(score) ? DASH : String(Math.round(score * 100));
}

export function fmtRatio(r: number | null | undefined): string {
  return missing(r) ? DASH : `${r.toFixed(1)}×`;
}

export function fmtMb(n: number | null | undefined): string {
  return missing(n) ? DASH : `${n.toFixed(1)} MB`;
}
