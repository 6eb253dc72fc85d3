import Papa from 'papaparse';

/**
 * A CSV file read in the browser (papaparse): the header and the data rows, or why it cannot be read. Shared by the
 * metrics import (issue 42) and the CRM's contacts import (issue 43), each with its own row cap. Imported as
 * '@app/shared/csv' (not the package index), so only code that reads files loads papaparse.
 */
export interface ParsedCsv {
  headers: string[];
  /** Data rows, the header row left out; empty lines skipped. */
  rows: string[][];
}

export type CsvFileProblem = 'empty' | 'too_many_rows' | 'unreadable';

/** The file's header and rows (at most `maxRows`), or why not. The delimiter (comma, semicolon, tab) is detected. */
export function parseCsvTable(text: string, maxRows: number): ParsedCsv | { problem: CsvFileProblem } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy', preview: maxRows + 2 });
  // a lone column has no delimiter to detect: papaparse reads it anyway and says so, which is no problem here
  if (result.errors.some((e) => e.type === 'Quotes')) return { problem: 'unreadable' };
  const [header, ...rows] = result.data;
  if (!header || rows.length === 0) return { problem: 'empty' };
  if (rows.length > maxRows) return { problem: 'too_many_rows' };
  return { headers: header.map((h) => h.trim()), rows };
}
