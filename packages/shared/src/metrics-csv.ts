import { parseCsvTable, type CsvFileProblem, type ParsedCsv } from './csv.js';
import { METRIC_UNITS, metricEntryProblem, periodStart, type MetricEntry, type MetricPeriod } from './metrics.js';
import { MAX_CSV_ROWS } from './metrics-import.js';
import { KEY_METRIC_IDS, type KeyMetricId } from './onboarding.js';
import type { Currency } from './plans.js';

/**
 * Issue 42: the customer's numbers from a CSV file. Pure functions: parse the text (papaparse), read its rows
 * through a preset (bank statement, Shopify orders export, Stripe payments export) or a column mapping, and add
 * them up into one figure per metric and period. Row numbers are the file's as a spreadsheet shows them: the
 * header is row 1, the first data row is row 2. Imported from '@app/shared/metrics-csv' (not the package index),
 * so only code that reads files loads papaparse.
 */

export type { CsvFileProblem, ParsedCsv };

/** The file's header and rows, or why it cannot be read (at most MAX_CSV_ROWS rows). */
export function parseCsv(text: string): ParsedCsv | { problem: CsvFileProblem } {
  return parseCsvTable(text, MAX_CSV_ROWS);
}

// ---- cells ----------------------------------------------------------------------------------------------------

export type DateOrder = 'dmy' | 'mdy';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function ymd(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The calendar day a cell names, as YYYY-MM-DD, or null. Read as written, time and offset ignored (an order placed
 * at 23:30 on the 31st counts in that month, as the shop's own reports show it): 2024-01-15, 2024-01-15 10:23:45
 * +0000, 2024-01-15T10:23:45Z, 15/01/2024 or 01/15/2024 (by `order`), 15.01.24, 15 Jan 2024, Jan 15, 2024.
 */
export function parseDay(cell: string, order: DateOrder): string | null {
  const s = cell.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/.exec(s);
  if (m) return ymd(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:$|[T\s,])/.exec(s);
  if (m) return order === 'dmy' ? ymd(+m[3]!, +m[2]!, +m[1]!) : ymd(+m[3]!, +m[1]!, +m[2]!);
  m = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-](\d{4}|\d{2})(?:$|\s)/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    return month < 0 ? null : ymd(+m[3]!, month + 1, +m[1]!);
  }
  m = /^([A-Za-z]{3,9})\s(\d{1,2}),?\s(\d{4})(?:$|\s)/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase());
    return month < 0 ? null : ymd(+m[3]!, month + 1, +m[2]!);
  }
  return null;
}

/** Day first unless a date of the column shows otherwise (a second number above 12): the UK's order by default. */
export function guessDateOrder(cells: readonly string[]): DateOrder {
  for (const cell of cells) {
    const m = /^(\d{1,2})[-/.](\d{1,2})[-/.]/.exec(cell.trim());
    if (!m) continue;
    if (+m[1]! > 12) return 'dmy';
    if (+m[2]! > 12) return 'mdy';
  }
  return 'dmy';
}

/**
 * A money or number cell as a number, or null: 1234.5, 1,234.50, £1,234.50, -£12, £-12, (12.50) for a negative
 * amount, 12.50 GBP. A comma as the decimal mark (1.234,56) is refused rather than guessed.
 */
export function parseAmount(cell: string): number | null {
  let s = cell.trim().replace(/\s*\b[A-Z]{3}$/, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  s = s.replace(/^([+-]?)\s*[£$€]\s*/, '$1').replace(/^[£$€]\s*([+-])/, '$1');
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[+-]?\.\d+$/.test(s)) return null;
  const n = Number(s.replaceAll(',', ''));
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

// ---- mappings -------------------------------------------------------------------------------------------------

export type CsvPreset = 'bank' | 'shopify' | 'stripe';

export interface ColumnMapping {
  kind: 'columns';
  date: string;
  values: { column: string; metric: KeyMetricId }[];
}
export interface PresetMapping {
  kind: 'preset';
  preset: CsvPreset;
}

export interface CsvImportOptions {
  period: MetricPeriod;
  dateOrder: DateOrder;
  /** The account's currency: rows in another currency (a Currency column) are refused, not added up. */
  currency: Currency;
  now?: Date;
}

/** Why a row is refused: an unreadable date, a date out of range, a cell that is not a number, one out of range for the metric, another currency. */
export type RowProblemReason = 'date' | 'future' | 'amount' | 'range' | 'currency';

export interface RowProblem {
  row: number;
  column: string;
  value: string;
  reason: RowProblemReason;
}

export interface CsvDerivation {
  /** One figure per metric and period, oldest first, in metric order within a period. */
  figures: MetricEntry[];
  /** Rows that fed at least one figure. */
  used: number;
  /** Rows that carry nothing to add up (money out, a failed payment, an order's further line items, empty cells). */
  skipped: number;
  problems: RowProblem[];
}

/** A header's index by any of its spellings (case and surrounding spaces ignored), or -1. */
function column(headers: readonly string[], ...names: string[]): number {
  const wanted = names.map((n) => n.toLowerCase());
  return headers.findIndex((h) => wanted.includes(h.trim().toLowerCase()));
}

const BANK = {
  date: ['Date', 'Transaction Date', 'Posting Date', 'Booking Date', 'Completed Date'],
  amount: ['Amount', 'Value', 'Amount (GBP)', 'Amount (USD)'],
  moneyIn: ['Money In', 'Paid In', 'Credit', 'Credit Amount', 'In'],
  description: ['Description', 'Details', 'Memo', 'Narrative', 'Transaction Description', 'Name', 'Reference'],
};
const SHOPIFY = {
  date: 'Created at',
  total: 'Total',
  email: 'Email',
  name: 'Name',
  status: 'Financial Status',
  refunded: 'Refunded Amount',
};
const STRIPE = {
  date: 'Created date (UTC)',
  amount: 'Amount',
  refunded: 'Amount Refunded',
  currency: 'Currency',
  convertedAmount: 'Converted Amount',
  convertedRefunded: 'Converted Amount Refunded',
  convertedCurrency: 'Converted Currency',
  status: 'Status',
  email: 'Customer Email',
  customerId: 'Customer ID',
};

/** The columns a preset needs that the file lacks (their usual names), or [] when it can read the file. */
export function presetMissingColumns(preset: CsvPreset, headers: readonly string[]): string[] {
  const need: [string, number][] =
    preset === 'bank'
      ? [
          [BANK.date[0]!, column(headers, ...BANK.date)],
          [BANK.amount[0]!, Math.max(column(headers, ...BANK.amount), column(headers, ...BANK.moneyIn))],
        ]
      : preset === 'shopify'
        ? [
            [SHOPIFY.date, column(headers, SHOPIFY.date)],
            [SHOPIFY.total, column(headers, SHOPIFY.total)],
          ]
        : [
            [STRIPE.date, column(headers, STRIPE.date)],
            [STRIPE.amount, column(headers, STRIPE.amount)],
            [STRIPE.status, column(headers, STRIPE.status)],
          ];
  return need.filter(([, i]) => i < 0).map(([name]) => name);
}

/** The file's columns a preset reads, as the file spells them (for a preview of what it uses). */
export function presetColumns(preset: CsvPreset, headers: readonly string[]): string[] {
  const names =
    preset === 'bank'
      ? [...BANK.date, ...BANK.description, ...BANK.amount, ...BANK.moneyIn]
      : preset === 'shopify'
        ? [SHOPIFY.name, SHOPIFY.date, SHOPIFY.email, SHOPIFY.status, 'Currency', SHOPIFY.total, SHOPIFY.refunded]
        : [
            STRIPE.date,
            STRIPE.status,
            STRIPE.amount,
            STRIPE.refunded,
            STRIPE.currency,
            STRIPE.convertedAmount,
            STRIPE.convertedCurrency,
            STRIPE.customerId,
            STRIPE.email,
          ];
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return headers.filter((h) => wanted.has(h.trim().toLowerCase()));
}

/** The preset whose columns the header has (Shopify and Stripe by their distinctive names), or null. */
export function detectPreset(headers: readonly string[]): CsvPreset | null {
  if (column(headers, STRIPE.date) >= 0 && presetMissingColumns('stripe', headers).length === 0) return 'stripe';
  if (column(headers, 'Financial Status', 'Lineitem name') >= 0 && presetMissingColumns('shopify', headers).length === 0) return 'shopify';
  if (presetMissingColumns('bank', headers).length === 0) return 'bank';
  return null;
}

/** Metrics each preset derives. */
export const PRESET_METRICS: Record<CsvPreset, KeyMetricId[]> = {
  bank: ['revenue'],
  shopify: ['revenue', 'customers'],
  stripe: ['revenue', 'customers'],
};

// ---- adding up ------------------------------------------------------------------------------------------------

class Totals {
  private sums = new Map<string, { sum: number; n: number }>();
  private people = new Map<string, Set<string>>();
  add(metric: KeyMetricId, start: string, value: number) {
    const key = `${start}|${metric}`;
    const t = this.sums.get(key) ?? { sum: 0, n: 0 };
    t.sum += value;
    t.n += 1;
    this.sums.set(key, t);
  }
  person(start: string, who: string) {
    const key = `${start}|customers`;
    const set = this.people.get(key) ?? new Set<string>();
    set.add(who);
    this.people.set(key, set);
  }
  figures(period: MetricPeriod): MetricEntry[] {
    const out: MetricEntry[] = [];
    for (const [key, t] of this.sums) {
      const [start, metric] = key.split('|') as [string, KeyMetricId];
      const unit = METRIC_UNITS[metric];
      // money to the penny (float sums drift: 0.1 + 0.2); a percentage is the period's average
      const value = unit === 'percent' ? round2(t.sum / t.n) : unit === 'money' ? round2(t.sum) : t.sum;
      out.push({ metric_id: metric, period, period_start: start, value });
    }
    for (const [key, set] of this.people) out.push({ metric_id: 'customers', period, period_start: key.split('|')[0]!, value: set.size });
    const order: readonly string[] = KEY_METRIC_IDS;
    return out.sort((a, b) =>
      a.period_start === b.period_start
        ? order.indexOf(a.metric_id) - order.indexOf(b.metric_id)
        : a.period_start < b.period_start
          ? -1
          : 1,
    );
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100 || 0;

/** Reads a file's rows into figures through a preset or a column mapping. Problems are listed, never dropped. */
export function deriveFigures(csv: ParsedCsv, mapping: ColumnMapping | PresetMapping, opts: CsvImportOptions): CsvDerivation {
  const now = opts.now ?? new Date();
  const totals = new Totals();
  const problems: RowProblem[] = [];
  let used = 0;
  let skipped = 0;
  const h = csv.headers;
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i] ?? '').trim() : '');
  const problem = (row: number, i: number, value: string, reason: RowProblemReason) =>
    problems.push({ row, column: h[i] ?? '', value: value.slice(0, 80), reason });

  /** The row's period start, or null after listing why not. */
  const periodOf = (row: number, r: string[], i: number): string | null => {
    const day = parseDay(cell(r, i), opts.dateOrder);
    if (!day || day < '1970-01-01') {
      problem(row, i, cell(r, i), 'date');
      return null;
    }
    const start = periodStart(opts.period, new Date(`${day}T00:00:00Z`));
    if (metricEntryProblem({ metric_id: 'revenue', period: opts.period, period_start: start, value: 0 }, now)) {
      problem(row, i, cell(r, i), 'future');
      return null;
    }
    return start;
  };
  /** A money cell as a number (empty = 0 when `emptyIsZero`), or null after listing why not. */
  const amountOf = (row: number, r: string[], i: number, emptyIsZero = false): number | null => {
    const raw = cell(r, i);
    if (raw === '' && emptyIsZero) return 0;
    const n = parseAmount(raw);
    if (n === null || Math.abs(n) > 1e12) problem(row, i, raw, n === null ? 'amount' : 'range');
    return n === null || Math.abs(n) > 1e12 ? null : n;
  };
  const otherCurrency = (code: string) => code !== '' && code.toUpperCase() !== opts.currency;

  csv.rows.forEach((r, index) => {
    const row = index + 2;
    if (mapping.kind === 'columns') {
      const date = h.indexOf(mapping.date);
      const filled = mapping.values.map((v) => ({ ...v, i: h.indexOf(v.column) })).filter((v) => cell(r, v.i) !== '');
      if (filled.length === 0) return void skipped++;
      const start = periodOf(row, r, date);
      const values = filled.map((v) => {
        const n = parseAmount(cell(r, v.i));
        if (n === null) return void problem(row, v.i, cell(r, v.i), 'amount');
        const probe = { metric_id: v.metric, period: opts.period, period_start: periodStart(opts.period, now), value: n };
        if (metricEntryProblem(probe, now)) return void problem(row, v.i, cell(r, v.i), 'range');
        return { metric: v.metric, n };
      });
      if (start === null || values.some((v) => !v)) return;
      for (const v of values) totals.add(v!.metric, start, v!.n);
      used++;
      return;
    }
    if (mapping.preset === 'bank') {
      const amount = column(h, ...BANK.amount);
      const moneyIn = column(h, ...BANK.moneyIn);
      // one signed amount column (money in is positive), or a money-in column of its own
      const i = amount >= 0 ? amount : moneyIn;
      if (cell(r, i) === '') return void skipped++;
      const n = amountOf(row, r, i);
      const start = periodOf(row, r, column(h, ...BANK.date));
      if (n === null || start === null) return;
      if (n <= 0) return void skipped++;
      totals.add('revenue', start, n);
      used++;
      return;
    }
    if (mapping.preset === 'shopify') {
      // an order with several line items has one row each; the order's totals are on its first row only
      const total = column(h, SHOPIFY.total);
      if (cell(r, total) === '') return void skipped++;
      if (cell(r, column(h, SHOPIFY.status)).toLowerCase() === 'voided') return void skipped++;
      if (otherCurrency(cell(r, column(h, 'Currency'))))
        return void problem(row, column(h, 'Currency'), cell(r, column(h, 'Currency')), 'currency');
      const n = amountOf(row, r, total);
      const refunded = amountOf(row, r, column(h, SHOPIFY.refunded), true);
      const start = periodOf(row, r, column(h, SHOPIFY.date));
      if (n === null || refunded === null || start === null) return;
      totals.add('revenue', start, n - refunded);
      const email = cell(r, column(h, SHOPIFY.email)).toLowerCase();
      if (email && n - refunded > 0) totals.person(start, email);
      used++;
      return;
    }
    // Stripe: payments that went through ('Paid', or 'Refunded' after going through), less what was refunded;
    // in the account's currency, or converted into it by Stripe (the Converted columns)
    const status = cell(r, column(h, STRIPE.status)).toLowerCase();
    if (!['paid', 'succeeded', 'refunded', 'partially refunded', 'partially_refunded'].includes(status)) return void skipped++;
    const converted = cell(r, column(h, STRIPE.convertedCurrency));
    const useConverted = converted !== '' && !otherCurrency(converted);
    if (!useConverted && otherCurrency(cell(r, column(h, STRIPE.currency))))
      return void problem(row, column(h, STRIPE.currency), cell(r, column(h, STRIPE.currency)), 'currency');
    const n = amountOf(row, r, column(h, useConverted ? STRIPE.convertedAmount : STRIPE.amount));
    const refunded = amountOf(row, r, column(h, useConverted ? STRIPE.convertedRefunded : STRIPE.refunded), true);
    const start = periodOf(row, r, column(h, STRIPE.date));
    if (n === null || refunded === null || start === null) return;
    totals.add('revenue', start, n - refunded);
    const who = cell(r, column(h, STRIPE.customerId)) || cell(r, column(h, STRIPE.email)).toLowerCase();
    if (who && n - refunded > 0) totals.person(start, who);
    used++;
  });

  const figures = totals.figures(opts.period);
  return { figures, used, skipped, problems };
}
