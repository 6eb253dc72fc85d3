import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REST_ERRORS, tableAnswer } from './error-table.js';
import { restFailure } from './errors.js';

const HERE = import.meta.dirname;

/** Every rest/ source file but the table and tests, with its text. */
function sources(): { file: string; text: string }[] {
  const files = readdirSync(HERE, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && path.basename(f) !== 'error-table.ts',
  );
  return files.map((file) => ({ file, text: readFileSync(path.join(HERE, file), 'utf8') }));
}

const offending = (pattern: RegExp, allowed: (file: string, line: string) => boolean = () => false) =>
  sources().flatMap(({ file, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line) && !allowed(file, line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );

describe('PostgREST errors come from one table (error-table.ts)', () => {
  it('no other rest/ file writes a PGRST code literal', () => {
    expect(offending(/['"`]PGRST/)).toEqual([]);
  });

  it('no other rest/ file builds an error body {code, message, details, hint} by hand', () => {
    // An object literal opening with `code` (as a key or shorthand), or giving details and then hint.
    expect(offending(/\{\s*code\s*[:,}]|\bdetails\s*:[^;]*\bhint\s*[:,}]/)).toEqual([]);
  });

  it('only errors.ts constructs a RestError or uses the free-form restError', () => {
    const others = (file: string) => file === 'errors.ts';
    expect(offending(/new RestError\(|\brestError\(/, others)).toEqual([]);
  });

  it('every entry is raised somewhere', () => {
    const all = sources()
      .map((s) => s.text)
      .join('\n');
    const unused = Object.keys(REST_ERRORS).filter((key) => !new RegExp(`restFailure\\(\\s*'${key}'`).test(all));
    expect(unused).toEqual([]);
  });

  it('answers the four keys in PostgREST order, with the entry status and headers', () => {
    const e = restFailure('offsetPastRows', 10, 3);
    expect(e.status).toBe(416);
    expect(JSON.stringify(e.body)).toBe(
      '{"code":"PGRST103","message":"Requested range not satisfiable","details":"An offset of 10 was requested, but there are only 3 rows.","hint":null}',
    );
    expect(e.headers).toEqual({ 'Content-Range': '*/3' });
    expect(tableAnswer('jwtExpired', []).headers).toEqual({
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
  });

  it('codes are PostgREST codes, SQLSTATEs or catalogue codes', () => {
    for (const [key, { code }] of Object.entries(REST_ERRORS)) {
      expect(code, key).toMatch(/^(PGRST\d{3}|PGRSTX00|[0-9A-Z]{5}|[a-z_]+)$/);
    }
  });
});
