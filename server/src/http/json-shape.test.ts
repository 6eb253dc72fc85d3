import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from './json-shape.js';

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('jsonShapeProblem', () => {
  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses one more, arrays and objects alike`, () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))).toBe('Request body is nested deeper than 64 levels');
    const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    expect(jsonShapeProblem(objects(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(objects(MAX_JSON_DEPTH + 1))).toMatch(/nested deeper/);
  });

  it('refuses a 1 MB nest at once, without reading it all', () => {
    expect(jsonShapeProblem(nested(500_000))).toMatch(/nested deeper/);
  });

  it(`allows ${MAX_JSON_MEMBERS} values and refuses one more, counting members at every level`, () => {
    const array = (n: number) => JSON.stringify(Array.from({ length: n }, () => 0));
    expect(jsonShapeProblem(array(MAX_JSON_MEMBERS))).toBeNull();
    expect(jsonShapeProblem(array(MAX_JSON_MEMBERS + 1))).toBe(
      'Request body has more than 20000 values (object members and array elements)',
    );
    const object = Object.fromEntries(Array.from({ length: MAX_JSON_MEMBERS / 2 }, (_, i) => [`k${i}`, [i]]));
    // 10,000 members, each an array of one: 20,000 values
    expect(jsonShapeProblem(JSON.stringify(object))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ ...object, one: 'more' }))).toMatch(/more than 20000 values/);
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    expect(jsonShapeProblem(JSON.stringify({ a: '['.repeat(1000), b: ','.repeat(30_000), c: '\\"[[[' }))).toBeNull();
  });

  it('refuses exactly the values deeper or larger than the caps, however they are laid out', () => {
    const members = (v: unknown): number =>
      v && typeof v === 'object' ? Object.values(v as object).reduce((n: number, x) => n + 1 + members(x), 0) : 0;
    const depth = (v: unknown): number => (v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depth)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.boolean(), fc.nat(7), fc.nat(40), (v, pretty, maxDepth, maxMembers) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        const problem = jsonShapeProblem(text, { depth: maxDepth, members: maxMembers });
        expect(problem === null).toBe(depth(v) <= maxDepth && members(v) <= maxMembers);
      }),
      { numRuns: 500 },
    );
  });
});
