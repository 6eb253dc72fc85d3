import { describe, expect, it } from 'vitest';
import { RestError } from './errors.js';
import { parseAccept } from './media-types.js';
import { pageOf, parsePrefer, parseRange, preferenceApplied } from './preferences.js';

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
    expect(parseAccept('application/vnd.pgrst.object+json')).toMatchObject({ singular: true, format: 'json' });
    expect(parseAccept('application/json')).toMatchObject({ singular: false, format: 'json' });
    expect(parseAccept(undefined)).toMatchObject({ singular: false });
    expect(() => parseAccept('image/png')).toThrow(RestError);
  });

  it('reads CSV, GeoJSON, nulls=stripped and (only when enabled) plan media types', () => {
    expect(parseAccept('text/csv').format).toBe('csv');
    expect(parseAccept('application/geo+json').format).toBe('geojson');
    expect(parseAccept('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({ singular: true, stripNulls: true });
    const plan = 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|settings|bogus;';
    expect(() => parseAccept(plan)).toThrow(RestError);
    expect(parseAccept(plan, { planEnabled: true })).toMatchObject({
      singular: true,
      plan: { format: 'json', options: ['verbose', 'settings'] },
    });
    expect(parseAccept('application/vnd.pgrst.plan', { planEnabled: true }).plan?.format).toBe('text');
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
