import { describe, expect, it } from 'vitest';
import { RestError } from './errors.js';
import { pageOf, parseAccept, parsePrefer, parseRange, preferenceApplied } from './preferences.js';

describe('Prefer, Accept and Range', () => {
  it('reads Prefer: first occurrence wins, unknown values ignored', () => {
    expect(parsePrefer('count=exact, return=representation, return=minimal, bogus=1, resolution=merge-duplicates')).toEqual({
      count: 'exact',
      return: 'representation',
      resolution: 'merge-duplicates',
    });
    expect(parsePrefer(undefined)).toEqual({});
    expect(preferenceApplied({ return: 'representation', resolution: 'merge-duplicates', count: 'exact' }, true)).toBe(
      'resolution=merge-duplicates, return=representation, count=exact',
    );
    expect(preferenceApplied({ return: 'representation' }, false)).toBeUndefined();
  });

  it('answers one object only for vnd.pgrst.object+json; refuses other media types with 406', () => {
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ singular: true });
    expect(parseAccept('application/json')).toEqual({ singular: false });
    expect(parseAccept(undefined)).toEqual({ singular: false });
    expect(() => parseAccept('text/csv')).toThrow(RestError);
  });

  it('intersects limit/offset with the Range header', () => {
    expect(parseRange('0-9')).toEqual({ from: 0, to: 9 });
    expect(parseRange('5-')).toEqual({ from: 5, to: null });
    expect(parseRange('nonsense')).toBeNull();
    expect(() => parseRange('9-2')).toThrow(RestError);
    expect(pageOf(10, 20, null)).toEqual({ offset: 20, limit: 10 });
    expect(pageOf(undefined, undefined, { from: 3, to: 7 })).toEqual({ offset: 3, limit: 5 });
    expect(pageOf(4, 0, { from: 2, to: 10 })).toEqual({ offset: 2, limit: 2 });
    expect(pageOf(undefined, undefined, null)).toEqual({ offset: 0, limit: null });
  });
});
