import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deriveFigures,
  detectPreset,
  guessDateOrder,
  parseAmount,
  parseCsv,
  parseDay,
  presetColumns,
  presetMissingColumns,
  type CsvImportOptions,
  type ParsedCsv,
} from './metrics-csv.js';
import { MAX_CSV_ROWS } from './metrics-import.js';

const fixture = (name: string) => {
  const parsed = parseCsv(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
};
const opts: CsvImportOptions = { period: 'month', dateOrder: 'dmy', currency: 'GBP', now: new Date('2026-06-15T00:00:00Z') };
const month = (period_start: string, metric_id: string, value: number) => ({ metric_id, period: 'month', period_start, value });

describe('parseCsv', () => {
  it('reads the header and rows, skipping a byte-order mark and empty lines; detects semicolons', () => {
    expect(parseCsv('\uFEFFDate,Amount\n2026-01-01,5\n\n2026-01-02,"1,000"\n')).toEqual({
      headers: ['Date', 'Amount'],
      rows: [
        ['2026-01-01', '5'],
        ['2026-01-02', '1,000'],
      ],
    });
    expect(parseCsv('Date;Amount\n2026-01-01;5')).toEqual({ headers: ['Date', 'Amount'], rows: [['2026-01-01', '5']] });
  });
  it('refuses an empty file, a header alone, a broken quote and more rows than the cap', () => {
    expect(parseCsv('')).toEqual({ problem: 'empty' });
    expect(parseCsv('Date,Amount\n')).toEqual({ problem: 'empty' });
    expect(parseCsv('Date,Amount\n2026-01-01,"5\n')).toEqual({ problem: 'unreadable' });
    expect(parseCsv(`Date,Amount\n${'2026-01-01,1\n'.repeat(MAX_CSV_ROWS + 1)}`)).toEqual({ problem: 'too_many_rows' });
    expect('rows' in parseCsv(`Date,Amount\n${'2026-01-01,1\n'.repeat(MAX_CSV_ROWS)}`)).toBe(true);
  });
});

describe('cells', () => {
  it('reads the dates of bank statements, Shopify and Stripe as the calendar day written', () => {
    expect(parseDay('2026-01-03 09:12:31 +0000', 'dmy')).toBe('2026-01-03');
    expect(parseDay('2026-01-31 23:30:00 -0500', 'dmy')).toBe('2026-01-31');
    expect(parseDay('2026-03-02T10:15:00Z', 'mdy')).toBe('2026-03-02');
    expect(parseDay('02/01/2026', 'dmy')).toBe('2026-01-02');
    expect(parseDay('02/01/2026', 'mdy')).toBe('2026-02-01');
    expect(parseDay('15.01.26', 'dmy')).toBe('2026-01-15');
    expect(parseDay('14 Jan 2026', 'dmy')).toBe('2026-01-14');
    expect(parseDay('Jan 14, 2026', 'dmy')).toBe('2026-01-14');
    for (const bad of ['31/02/2026', '13/13/2026', 'yesterday', '', '2026-1', '14 Foo 2026']) expect(parseDay(bad, 'dmy')).toBeNull();
  });
  it('guesses the order of slashed dates from a day above 12, day first otherwise', () => {
    expect(guessDateOrder(['01/02/2026', '25/02/2026'])).toBe('dmy');
    expect(guessDateOrder(['01/02/2026', '02/25/2026'])).toBe('mdy');
    expect(guessDateOrder(['01/02/2026'])).toBe('dmy');
  });
  it('reads amounts with symbols, thousands separators and bracketed negatives, and refuses the rest', () => {
    expect(parseAmount('1,234.50')).toBe(1234.5);
    expect(parseAmount('£1,234.50')).toBe(1234.5);
    expect(parseAmount('-£12')).toBe(-12);
    expect(parseAmount('£-12')).toBe(-12);
    expect(parseAmount('(12.50)')).toBe(-12.5);
    expect(parseAmount('12.50 GBP')).toBe(12.5);
    expect(parseAmount(' 7 ')).toBe(7);
    for (const bad of ['', 'abc', '1.234,56', '12,34', 'NaN', 'Infinity', '1e400', '--5']) expect(parseAmount(bad)).toBeNull();
  });
});

describe('presets', () => {
  it('recognises each export by its columns and names what a preset misses', () => {
    expect(detectPreset(fixture('shopify-orders.csv').headers)).toBe('shopify');
    expect(detectPreset(fixture('stripe-payments.csv').headers)).toBe('stripe');
    expect(detectPreset(fixture('bank-statement.csv').headers)).toBe('bank');
    expect(detectPreset(fixture('bank-paid-in-out.csv').headers)).toBe('bank');
    expect(detectPreset(['When', 'How much'])).toBeNull();
    expect(presetMissingColumns('stripe', ['Created date (UTC)', 'Amount'])).toEqual(['Status']);
    expect(presetMissingColumns('shopify', fixture('bank-statement.csv').headers)).toEqual(['Created at', 'Total']);
    expect(presetColumns('bank', fixture('bank-statement.csv').headers)).toEqual(['Date', 'Description', 'Amount']);
    expect(presetColumns('shopify', fixture('shopify-orders.csv').headers)).toEqual([
      'Name',
      'Email',
      'Financial Status',
      'Currency',
      'Total',
      'Created at',
      'Refunded Amount',
    ]);
  });

  it('Shopify: revenue is the orders’ totals less refunds, customers the distinct e-mails, per month', () => {
    const d = deriveFigures(fixture('shopify-orders.csv'), { kind: 'preset', preset: 'shopify' }, opts);
    // #1001 53.40 + #1002 1,200 + #1003 30 less 10 refunded; #1004 voided; a second line item adds nothing
    expect(d.figures).toEqual([
      month('2026-01-01', 'revenue', 1273.4),
      month('2026-01-01', 'customers', 2), // ann twice, Bob in capitals
      month('2026-02-01', 'revenue', 19.99),
      month('2026-02-01', 'customers', 1),
    ]);
    expect([d.used, d.skipped, d.problems]).toEqual([4, 2, []]);
  });

  it('Stripe: payments that went through, less refunds, in the account currency or converted to it', () => {
    const d = deriveFigures(fixture('stripe-payments.csv'), { kind: 'preset', preset: 'stripe' }, opts);
    // March: 120 + (80 − 30) + 40 + (25 − 25); the failed one left out. Customers with money kept: cus_A, cus_B.
    // April: a USD payment Stripe converted to £47.40
    expect(d.figures).toEqual([
      month('2026-03-01', 'revenue', 210),
      month('2026-03-01', 'customers', 2),
      month('2026-04-01', 'revenue', 47.4),
      month('2026-04-01', 'customers', 1),
    ]);
    expect([d.used, d.skipped, d.problems]).toEqual([5, 1, []]);
  });

  it('Stripe: a payment in another currency without a conversion is a row problem, not revenue', () => {
    const csv = fixture('stripe-payments.csv');
    const usd = deriveFigures(csv, { kind: 'preset', preset: 'stripe' }, { ...opts, currency: 'USD' });
    expect(usd.problems).toEqual([2, 3, 5, 6].map((row) => ({ row, column: 'Currency', value: 'gbp', reason: 'currency' })));
  });

  it('bank statement: money in is revenue, money out is skipped; signed or paid-in columns', () => {
    const signed = deriveFigures(fixture('bank-statement.csv'), { kind: 'preset', preset: 'bank' }, opts);
    expect(signed.figures).toEqual([month('2026-01-01', 'revenue', 1303.4), month('2026-02-01', 'revenue', 980.25)]);
    expect([signed.used, signed.skipped, signed.problems]).toEqual([3, 2, []]);
    const split = deriveFigures(fixture('bank-paid-in-out.csv'), { kind: 'preset', preset: 'bank' }, opts);
    expect(split.figures).toEqual([month('2026-01-01', 'revenue', 410), month('2026-02-01', 'revenue', 99.99)]);
    expect([split.used, split.skipped]).toEqual([2, 1]);
  });

  it('by week: each figure on its Monday', () => {
    const d = deriveFigures(fixture('bank-statement.csv'), { kind: 'preset', preset: 'bank' }, { ...opts, period: 'week' });
    expect(d.figures.map((f) => [f.period, f.period_start, f.value])).toEqual([
      ['week', '2026-01-05', 53.4],
      ['week', '2026-01-12', 1250],
      ['week', '2026-02-02', 980.25],
    ]);
  });
});

describe('column mapping', () => {
  const csv: ParsedCsv = {
    headers: ['Week', 'Visitors', 'Leads', 'Conversion %'],
    rows: [
      ['2026-01-05', '1,200', '30', '2.5'],
      ['2026-01-07', '300', '', '3.5'],
      ['not a date', '10', '1', '1'],
      ['2026-01-12', 'lots', '2.5', '140'],
      ['2026-09-01', '5', '1', '1'],
      ['', '', '', ''],
    ],
  };
  const mapping = {
    kind: 'columns',
    date: 'Week',
    values: [
      { column: 'Visitors', metric: 'traffic' },
      { column: 'Leads', metric: 'leads' },
      { column: 'Conversion %', metric: 'conversion' },
    ],
  } as const;

  it('lists every bad cell with its row number and reason, and adds up only good rows', () => {
    const d = deriveFigures(csv, { ...mapping, values: [...mapping.values] }, { ...opts, period: 'week' });
    expect(d.problems).toEqual([
      { row: 4, column: 'Week', value: 'not a date', reason: 'date' },
      { row: 5, column: 'Visitors', value: 'lots', reason: 'amount' },
      { row: 5, column: 'Leads', value: '2.5', reason: 'range' }, // a count is whole
      { row: 5, column: 'Conversion %', value: '140', reason: 'range' },
      { row: 6, column: 'Week', value: '2026-09-01', reason: 'future' },
    ]);
    // counts add up within the week; a percentage is the week's average
    expect(d.figures).toEqual([
      { metric_id: 'leads', period: 'week', period_start: '2026-01-05', value: 30 },
      { metric_id: 'conversion', period: 'week', period_start: '2026-01-05', value: 3 },
      { metric_id: 'traffic', period: 'week', period_start: '2026-01-05', value: 1500 },
    ]);
    expect([d.used, d.skipped]).toEqual([2, 1]);
  });
});
