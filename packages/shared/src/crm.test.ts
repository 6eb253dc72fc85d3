import { describe, expect, it } from 'vitest';
import { crmImportRowSchema, mapImportRow, splitTags, type CrmImportTarget } from './crm.js';

describe('splitTags', () => {
  it('splits on commas and semicolons, trims, drops empty ones', () => {
    expect(splitTags(' vip; newsletter,, 2024 ;')).toEqual(['vip', 'newsletter', '2024']);
    expect(splitTags('')).toEqual([]);
  });
});

describe('mapImportRow', () => {
  const mapping = new Map<number, CrmImportTarget>([
    [0, 'first_name'],
    [1, 'last_name'],
    [2, 'email'],
    [3, 'tags'],
    [4, 'custom.size'],
    [5, 'company'],
  ]);
  it('joins first and last names, splits tags, keeps custom values by key and leaves empty cells out', () => {
    expect(mapImportRow(['Ann', 'Lee', ' ann@x.test ', 'vip; b2b', '12', ''], mapping, 7)).toEqual({
      row: 7,
      name: 'Ann Lee',
      email: 'ann@x.test',
      tags: ['vip', 'b2b'],
      custom: { size: '12' },
    });
  });
  it('prefers a name column, and leaves custom out when no custom cell is filled', () => {
    const withName = new Map<number, CrmImportTarget>([...mapping, [6, 'name']]);
    expect(mapImportRow(['Ann', 'Lee', '', '', '', 'Acme', 'Dr Ann Lee'], withName, 2)).toEqual({
      row: 2,
      name: 'Dr Ann Lee',
      company: 'Acme',
    });
  });
});

describe('crmImportRowSchema', () => {
  it('accepts a plain row and turns empty cells into nothing', () => {
    expect(crmImportRowSchema.parse({ row: 2, name: ' Ann ', email: '', phone: '' })).toEqual({ row: 2, name: 'Ann' });
  });
  it('says what is wrong, field by field', () => {
    const r = crmImportRowSchema.safeParse({ row: 3, name: '', email: 'ann@', tags: Array.from({ length: 21 }, () => 't') });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
      ['email', 'E-mail is not an e-mail address'],
      ['tags', 'At most 20 tags'],
    ]);
  });
  it('refuses text a database cannot store and keys it does not know', () => {
    expect(crmImportRowSchema.safeParse({ row: 2, name: 'A\u0000' }).success).toBe(false);
    expect(crmImportRowSchema.safeParse({ row: 2, name: '\ud800' }).success).toBe(false);
    expect(crmImportRowSchema.safeParse({ row: 2, name: 'A', colour: 'red' }).success).toBe(false);
  });
});
