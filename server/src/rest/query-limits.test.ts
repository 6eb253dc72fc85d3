import { describe, expect, it } from 'vitest';
import { RestError } from './errors.js';
import { parseQuery } from './parse-query.js';
import { MAX_EMBED_DEPTH, MAX_SELECT_ITEMS } from './parse-select.js';
import {
  checkQueryStringLength,
  MAX_CONDITIONS,
  MAX_LIKE_WILDCARDS,
  MAX_LIST_VALUES,
  MAX_PATTERN_LENGTH,
  MAX_QUERY_STRING_BYTES,
  MAX_REGEX_REPEAT,
  regexProblem,
} from './query-limits.js';

const parse = (pairs: [string, string][], trusted = false) => parseQuery(new URLSearchParams(pairs), undefined, trusted);

/** The RestError thrown by fn, for its status and body. */
function refusal(fn: () => unknown): RestError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RestError) return err;
    throw err;
  }
  throw new Error('expected a RestError, got none');
}

const expectParseError = (fn: () => unknown, details: RegExp) => {
  const e = refusal(fn);
  expect(e.status).toBe(400);
  expect(e.body.code).toBe('PGRST100');
  expect(e.body.message).toMatch(/^failed to parse /);
  expect(e.body.details).toMatch(details);
  expect(Object.keys(e.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
};

const list = (n: number) => `(${Array.from({ length: n }, (_, i) => i).join(',')})`;

describe('query string length', () => {
  it(`answers 414 above ${MAX_QUERY_STRING_BYTES} bytes and lets the limit itself through`, () => {
    expect(() => checkQueryStringLength('a'.repeat(MAX_QUERY_STRING_BYTES))).not.toThrow();
    const e = refusal(() => checkQueryStringLength('a'.repeat(MAX_QUERY_STRING_BYTES + 1)));
    expect(e.status).toBe(414);
    expect(e.body).toEqual({
      code: 'PGRST100',
      message: 'failed to parse query string',
      details: `The query string is longer than ${MAX_QUERY_STRING_BYTES} bytes`,
      hint: null,
    });
  });
});

describe('select', () => {
  it(`allows ${MAX_SELECT_ITEMS} items at all levels together and refuses one more`, () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `a${i}:name`);
    expect(parse([['select', items(MAX_SELECT_ITEMS).join(',')]]).select).toHaveLength(MAX_SELECT_ITEMS);
    expectParseError(() => parse([['select', items(MAX_SELECT_ITEMS + 1).join(',')]]), /at most 100 select items/);
    // the embed counts as one item, its columns as the rest
    const nested = `id,rel(${items(MAX_SELECT_ITEMS - 1).join(',')})`;
    expectParseError(() => parse([['select', nested]]), /at most 100 select items/);
  });

  it(`refuses embedding deeper than ${MAX_EMBED_DEPTH} levels`, () => {
    const embed = (n: number) => `${'r('.repeat(n)}id${')'.repeat(n)}`;
    expect(() => parse([['select', embed(MAX_EMBED_DEPTH)]])).not.toThrow();
    expectParseError(() => parse([['select', embed(MAX_EMBED_DEPTH + 1)]]), /embedding is limited to 6 levels/);
  });
});

describe('filter counts', () => {
  it(`allows ${MAX_CONDITIONS} filters in or= trees and refuses one more`, () => {
    const conditions = (n: number) => `(${Array.from({ length: n }, (_, i) => `id.eq.${i}`).join(',')})`;
    expect(parse([['or', conditions(MAX_CONDITIONS)]]).where).toHaveLength(1);
    expectParseError(() => parse([['or', conditions(MAX_CONDITIONS + 1)]]), /at most 100 filters/);
  });

  it('counts filters across top-level filters, nested trees and embedded resources together', () => {
    const half = `(${Array.from({ length: MAX_CONDITIONS / 2 }, (_, i) => `id.eq.${i}`).join(',')})`;
    expect(() =>
      parse([
        ['or', half],
        ['rel.or', half],
      ]),
    ).not.toThrow();
    expectParseError(
      () =>
        parse([
          ['or', half],
          ['rel.or', half],
          ['name', 'eq.x'],
        ]),
      /at most 100 filters/,
    );
    expectParseError(() => parse([['or', `(and${half},and${half},id.eq.1)`]]), /at most 100 filters/);
  });

  it('bounds service_role as well', () => {
    const conditions = `(${Array.from({ length: MAX_CONDITIONS + 1 }, (_, i) => `id.eq.${i}`).join(',')})`;
    expectParseError(() => parse([['or', conditions]], true), /at most 100 filters/);
  });

  it('refuses logic trees nested more than 8 levels deep', () => {
    const nested = (n: number) => `${'(or'.repeat(n)}(id.eq.1)${')'.repeat(n)}`;
    expect(() => parse([['or', nested(8)]])).not.toThrow();
    expectParseError(() => parse([['or', nested(9)]]), /nested too deeply/);
  });
});

describe('lists', () => {
  it(`allows ${MAX_LIST_VALUES} values in in.(…) and refuses one more, for every caller`, () => {
    expect(parse([['id', `in.${list(MAX_LIST_VALUES)}`]]).where).toHaveLength(1);
    expectParseError(() => parse([['id', `in.${list(MAX_LIST_VALUES + 1)}`]]), /at most 500 values/);
    expectParseError(() => parse([['or', `(id.in.${list(MAX_LIST_VALUES + 1)})`]], true), /at most 500 values/);
  });

  it('bounds (any)/(all) arrays the same way, counting quoted elements once', () => {
    const arr = (n: number) => `{${Array.from({ length: n }, (_, i) => (i === 0 ? '"a,b"' : `v${i}`)).join(',')}}`;
    expect(() => parse([['name', `eq(any).${arr(MAX_LIST_VALUES)}`]])).not.toThrow();
    expectParseError(() => parse([['name', `eq(any).${arr(MAX_LIST_VALUES + 1)}`]]), /at most 500 values/);
  });
});

describe('like and ilike patterns', () => {
  it(`refuses patterns longer than ${MAX_PATTERN_LENGTH} characters`, () => {
    expect(() => parse([['name', `ilike.*${'a'.repeat(MAX_PATTERN_LENGTH - 2)}*`]])).not.toThrow();
    expectParseError(() => parse([['name', `like.${'a'.repeat(MAX_PATTERN_LENGTH + 1)}`]]), /at most 256 characters/);
    expectParseError(() => parse([['or', `(name.ilike.${'a'.repeat(MAX_PATTERN_LENGTH + 1)})`]]), /at most 256 characters/);
  });

  it(`refuses more than ${MAX_LIKE_WILDCARDS} wildcards, * and % alike`, () => {
    expect(() => parse([['name', `like.${'a*'.repeat(MAX_LIKE_WILDCARDS)}`]])).not.toThrow();
    expectParseError(() => parse([['name', `like.${'a*'.repeat(MAX_LIKE_WILDCARDS)}%`]]), /at most 8 wildcards/);
    expectParseError(() => parse([['name', `not.ilike.${'%a'.repeat(MAX_LIKE_WILDCARDS + 1)}`]]), /at most 8 wildcards/);
  });

  it('checks each element of an (any) array', () => {
    expect(() => parse([['name', `like(any).{${'a*'.repeat(5)},${'b*'.repeat(5)}}`]])).not.toThrow();
    expectParseError(() => parse([['name', `like(any).{a,${'b*'.repeat(MAX_LIKE_WILDCARDS + 1)}}`]]), /at most 8 wildcards/);
  });

  it("lets service_role's patterns through", () => {
    expect(() => parse([['name', `like.${'*a'.repeat(200)}`]], true)).not.toThrow();
  });

  it('leaves the search the app sends alone (100 characters between two wildcards)', () => {
    const term = 'x'.repeat(100);
    expect(() => parse([['or', `(name.ilike.*${term}*,description.ilike.*${term}*)`]])).not.toThrow();
  });
});

describe('match and imatch patterns', () => {
  it('refuses back-references, the super-linear construct of issue 38', () => {
    expectParseError(() => parse([['name', 'match.^(a+)\\1$']]), /back-references/);
    expectParseError(() => parse([['or', '(name.imatch.(.*)(.*)\\2\\1)']]), /back-references/);
    expectParseError(() => parse([['name', 'match(any).{a,(b)\\1}']]), /back-references/);
  });

  it(`refuses patterns longer than ${MAX_PATTERN_LENGTH} characters`, () => {
    expect(() => parse([['name', `match.${'a'.repeat(MAX_PATTERN_LENGTH)}`]])).not.toThrow();
    expectParseError(() => parse([['name', `imatch.${'a'.repeat(MAX_PATTERN_LENGTH + 1)}`]]), /at most 256 characters/);
  });

  it("lets service_role's patterns through", () => {
    expect(parse([['name', 'match.^(a+)\\1$']], true).where).toHaveLength(1);
  });

  it('accepts ordinary patterns', () => {
    for (const p of [
      '^[A-Z][a-z]+$',
      'a.*b.*c',
      '(foo|bar)+',
      '\\d{3}-\\d{4}',
      '[[:alpha:]]+[(]',
      '[\\]]+x*',
      '(?i)abc',
      '(?:ab)+c*',
      'x{2,32}',
      '\\m\\w+\\M',
      '***=(a+)\\1',
    ])
      expect(regexProblem(p), p).toBeNull();
  });

  it('refuses lookaround, nested quantifiers and large bounds', () => {
    expect(regexProblem('a(?=b)')).toMatch(/lookahead/);
    expect(regexProblem('a(?<!b)')).toMatch(/lookahead/);
    expect(regexProblem('(a+)*')).toMatch(/nested quantifiers/);
    expect(regexProblem('(?:(a|b)*c)+')).toMatch(/nested quantifiers/);
    expect(regexProblem('((x{2})y)+')).toMatch(/nested quantifiers/);
    expect(regexProblem(`a{${MAX_REGEX_REPEAT + 1}}`)).toMatch(/repetition counts above 32/);
    expect(regexProblem(`a{1,${MAX_REGEX_REPEAT + 1}}`)).toMatch(/repetition counts above 32/);
    expectParseError(() => parse([['name', 'match.(a*)*$']]), /nested quantifiers/);
  });
});
