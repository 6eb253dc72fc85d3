import { describe, expect, it } from 'vitest';
import type { CustomField } from '../api/custom-fields';
import { guessMapping, guessTarget, mapsName, prepareImport } from './import-mapping';

const fields: CustomField[] = [
  { id: '1', key: 'team_size', label: 'Team size', type: 'number', options: [], position: 0 },
  { id: '2', key: 'tier', label: 'Tier', type: 'select', options: ['Gold', 'Silver'], position: 1 },
];

describe('guessing the columns', () => {
  it('knows the usual headers of spreadsheets and other CRMs', () => {
    expect(
      [
        'Full Name',
        'E-mail Address',
        'Mobile',
        'Organization',
        'Lead Source',
        'Labels',
        'Comments',
        'Team size',
        'tier',
        'Favourite colour',
      ].map((h) => guessTarget(h, fields)),
    ).toEqual(['name', 'email', 'phone', 'company', 'source', 'tags', 'notes', 'custom.team_size', 'custom.tier', '']);
  });
  it('maps a field once, except tags; first and last name count as a name', () => {
    const t = guessMapping(['First name', 'Surname', 'Email', 'Mail', 'Tags', 'Groups'], fields);
    expect(t).toEqual(['first_name', 'last_name', 'email', '', 'tags', 'tags']);
    expect(mapsName(t)).toBe(true);
    expect(mapsName(['email', ''])).toBe(false);
  });
});

describe('prepareImport', () => {
  const csv = {
    headers: ['Name', 'Email', 'Company', 'Tags', 'Team size', 'Tier'],
    rows: [
      ['Ann Lee', 'ann@acme.test', 'Acme', 'vip; fair', '12', 'gold'],
      ['', 'nobody@x.test', '', '', '', ''],
      ['Bob', 'not-an-address', '', '', 'many', 'Bronze'],
      ['Ann L.', 'ANN@acme.test', '', 'newsletter', '', ''],
    ],
  };
  const p = prepareImport(csv, guessMapping(csv.headers, fields), fields);
  it('checks every row with the row numbers a spreadsheet shows', () => {
    expect(p.problems).toEqual([
      { row: 3, field: 'name', message: 'Name is required' },
      { row: 4, field: 'email', message: 'E-mail is not an e-mail address' },
      { row: 4, field: 'custom.team_size', message: 'Team size must be a number' },
      { row: 4, field: 'custom.tier', message: 'Tier must be one of: Gold, Silver' },
    ]);
    expect(p.ready.map((r) => r.row)).toEqual([2, 5]);
    expect(p.ready[0]).toEqual({
      row: 2,
      name: 'Ann Lee',
      email: 'ann@acme.test',
      company: 'Acme',
      tags: ['vip', 'fair'],
      custom: { team_size: '12', tier: 'gold' },
    });
  });
  it('counts addresses repeated in the file, case ignored', () => {
    expect(p.repeatedEmails).toBe(1);
  });
});
