import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRead } from './build-sql.js';
import { RestError } from './errors.js';
import { parseQuery } from './parse-query.js';
import { parseSelect } from './parse-select.js';
import type { Column, Relation, SchemaCache } from './schema-cache.js';

const col = (name: string, type: string): Column => ({ name, type, defaultExpr: null, generated: false });
const rel: Relation = {
  name: 'things',
  columns: new Map(
    [col('id', 'integer'), col('name', 'text'), col('data', 'jsonb'), col('tags', 'text[]'), col('at', 'timestamp with time zone')].map(
      (c) => [c.name, c],
    ),
  ),
  primaryKey: ['id'],
  uniqueKeys: [],
  foreignKeys: [],
  computed: new Map(),
};
const cache: SchemaCache = {
  schema: 'public',
  relations: new Map([['things', rel]]),
  routines: new Map(),
  computedRels: [],
  postgis: null,
};
const parse = (qs: string) => parseQuery(new URLSearchParams(qs));

describe('parseQuery', () => {
  it('reads select lists with aliases, casts, JSON paths and embeds', () => {
    expect(parseSelect('id,label:name,at::text,data->a->>b,rel!fk(id)')).toEqual([
      { kind: 'column', field: { column: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { column: 'name', path: [] }, alias: 'label', cast: undefined },
      { kind: 'column', field: { column: 'at', path: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: {
          column: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'embed',
        relation: 'rel',
        alias: undefined,
        hint: 'fk',
        inner: false,
        select: [{ kind: 'column', field: { column: 'id', path: [] }, alias: undefined, cast: undefined }],
      },
    ]);
  });

  it('reads filters, in-lists with quotes, logic trees and order', () => {
    const q = parse('name=not.ilike.*a*&id=in.(1,"2,3")&or=(id.eq.1,and(name.is.null,tags.cs.{a,b}))&order=at.desc.nullslast,id');
    expect(q.where[0]).toMatchObject({ op: 'ilike', negate: true, value: '*a*' });
    expect(q.where[1]).toMatchObject({ op: 'in', value: ['1', '2,3'] });
    expect(q.where[2]).toMatchObject({
      kind: 'logic',
      op: 'or',
      children: [
        { op: 'eq' },
        {
          kind: 'logic',
          op: 'and',
          children: [
            { op: 'is', value: 'null' },
            { op: 'cs', value: '{a,b}' },
          ],
        },
      ],
    });
    expect(q.order).toEqual([
      { field: { column: 'at', path: [] }, direction: 'desc', nulls: 'nullslast' },
      { field: { column: 'id', path: [] } },
    ]);
  });

  it('reads an order on an embedded column, rel(col)', () => {
    expect(parse('order=bed(name).desc,id').order).toEqual([
      { field: { column: 'name', path: [] }, relation: 'bed', direction: 'desc' },
      { field: { column: 'id', path: [] } },
    ]);
  });

  it.each([
    ['order=bed(name', 400],
    ['id=noop.1', 400],
    ['select=id,', 400],
    ['select=id::text;drop', 400],
    ['order=id.sideways', 400],
    ['limit=-1', 416],
    ['limit=abc', 400],
    ['id=is.maybe', 400],
    ['or=(id.eq.1', 400],
    ['rel!a!b(id)', 400],
    ['...id', 400],
  ])('rejects %s with %i', (qs, status) => {
    expect(() => parse(qs)).toThrow(RestError);
    try {
      parse(qs);
    } catch (e) {
      expect((e as RestError).status).toBe(status);
    }
  });
});

describe('embedding', () => {
  it('reads nested embeds, hints, !inner, spreads and modifiers of embedded resources', () => {
    const q = parse(
      'select=a:rel!fk!inner(id,...more(x)),empty()&rel.id=eq.1&rel.more.order=x.desc&rel.limit=2&rel.offset=1&rel.not.or=(id.eq.1)',
    );
    expect(q.select[0]).toMatchObject({
      kind: 'embed',
      relation: 'rel',
      alias: 'a',
      hint: 'fk',
      inner: true,
      select: [{ kind: 'column' }, { kind: 'embed', relation: 'more', spread: true }],
    });
    expect(q.select[1]).toMatchObject({ kind: 'embed', relation: 'empty', select: [] });
    expect(q.embedded.get('rel')).toMatchObject({
      limit: 2,
      offset: 1,
      where: [
        { kind: 'filter', op: 'eq' },
        { kind: 'logic', op: 'or', negate: true },
      ],
    });
    expect(q.embedded.get('rel.more')?.order).toEqual([{ field: { column: 'x', path: [] }, direction: 'desc' }]);
  });

  it('caps depth and width of embedding', () => {
    expect(() => parseSelect('a(b(c(d(e(f(g(h(id))))))))')).toThrow(RestError);
    expect(() => parseSelect(Array.from({ length: 40 }, (_, i) => `r${i}(id)`).join(','))).toThrow(RestError);
  });

  it('answers PGRST108 for modifiers of a resource that is not embedded', () => {
    const q = parse('rel.id=eq.1');
    expect(() => buildRead(cache, rel, q, { offset: 0, limit: null }, { count: false, singular: false, maxRows: 10 })).toThrow(
      /not an embedded resource/,
    );
  });
});

describe('parser and SQL builder properties', () => {
  const hostile = fc.oneof(
    fc.string(),
    fc.constantFrom(
      "'; drop table things; --",
      '"',
      '\\',
      ')',
      '(',
      ',',
      '{',
      '}',
      '.',
      '->',
      '::',
      '*',
      '%',
      '\u0000',
      '$1',
      'not.',
      'or=(',
      'eq.',
    ),
  );
  const queryString = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('select', 'order', 'limit', 'offset', 'or', 'and', 'id', 'name', 'data->a', 'not.or'), fc.string()),
      hostile,
    ),
    { maxLength: 6 },
  );

  it('never throws anything but a 400/416 RestError on arbitrary query strings', () => {
    fc.assert(
      fc.property(queryString, (pairs) => {
        const params = new URLSearchParams(pairs);
        try {
          const q = parseQuery(params);
          buildRead(cache, rel, q, { offset: q.offset ?? 0, limit: q.limit ?? null }, { count: true, singular: false, maxRows: 1000 });
        } catch (e) {
          expect(e).toBeInstanceOf(RestError);
          expect([400, 416]).toContain((e as RestError).status);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('answers hostile embedding grammar (nesting, hints, !inner, spread, embedded modifiers, related order) with 300/400/416 only', () => {
    const owners: Relation = {
      name: 'owners',
      columns: new Map([col('id', 'integer'), col('name', 'text')].map((c) => [c.name, c])),
      primaryKey: ['id'],
      uniqueKeys: [],
      foreignKeys: [],
      computed: new Map(),
    };
    const pets: Relation = {
      name: 'pets',
      columns: new Map([col('id', 'integer'), col('owner_id', 'integer'), col('vet_id', 'integer')].map((c) => [c.name, c])),
      primaryKey: ['id'],
      uniqueKeys: [],
      foreignKeys: [
        { name: 'pets_owner_fk', columns: ['owner_id'], refTable: 'owners', refColumns: ['id'] },
        { name: 'pets_vet_fk', columns: ['vet_id'], refTable: 'owners', refColumns: ['id'] },
      ],
      computed: new Map(),
    };
    const c2: SchemaCache = {
      schema: 'public',
      relations: new Map([
        ['owners', owners],
        ['pets', pets],
      ]),
      routines: new Map(),
      computedRels: [],
      postgis: null,
    };
    const piece = fc.constantFrom(
      'pets',
      'owners',
      'owner_id',
      'pets_owner_fk',
      '!inner',
      '!left',
      '!vet_id',
      '...',
      '(',
      ')',
      ',',
      '*',
      'id',
      'a:',
      '::text',
      '"',
      '()',
      '!',
    );
    const select = fc.array(piece, { maxLength: 14 }).map((xs) => xs.join(''));
    const key = fc.constantFrom(
      'pets.id',
      'pets.order',
      'pets.limit',
      'pets.offset',
      'pets.or',
      'pets.not.and',
      'pets.owners.id',
      '.id',
      'pets.',
      'x.y.z',
      'order',
    );
    fc.assert(
      fc.property(
        select,
        fc.array(
          fc.tuple(
            key,
            fc.oneof(
              fc.constantFrom('eq.1', 'id.desc', '2', '(id.eq.1)', '-1', 'pets(id).desc', 'owners(name)', 'a(id', 'pets(x).asc'),
              fc.string(),
            ),
          ),
          { maxLength: 3 },
        ),
        (sel, mods) => {
          try {
            const q = parseQuery(new URLSearchParams([['select', sel], ...mods]));
            buildRead(c2, owners, q, { offset: 0, limit: null }, { count: true, singular: false, maxRows: 1000 });
          } catch (e) {
            expect(e).toBeInstanceOf(RestError);
            expect([300, 400, 416]).toContain((e as RestError).status);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never puts a filter value into the SQL text: values only travel as parameters', () => {
    const ops = fc.constantFrom('eq', 'neq', 'gt', 'like', 'ilike', 'match', 'cs', 'fts', 'isdistinct', 'not.eq', 'eq(any)');
    fc.assert(
      fc.property(ops, fc.constantFrom('name', 'data->>k', 'tags'), fc.string(), (op, field, junk) => {
        const marker = `ZQX${junk.replace(/[^a-z]/gi, '')}QXZ`;
        const value = op.endsWith('(any)') ? `{${marker}}` : `${marker}'"); drop table things; --`;
        const q = parseQuery(new URLSearchParams([[field, `${op}.${value}`]]));
        const stmt = buildRead(cache, rel, q, { offset: 0, limit: null }, { count: true, singular: false, maxRows: 1000 });
        expect(stmt.sql).not.toContain(marker);
        expect(stmt.params.some((p) => p.includes(marker))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
