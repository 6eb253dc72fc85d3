import { describe, expect, it } from 'vitest';
import type { Integration } from '@app/shared';
import { escapeSearch, parseCategoryCounts } from '../api/integrations';
import { addToComparison } from './comparison';
import { rangeLabel } from '../components/marketplace-tab';
import { connectorPath } from './connector-path';

const app = (id: string, name: string, category: Integration['category'], connections: number): Integration => ({
  id,
  name,
  category,
  connections,
  description: `${name} app`,
  icon: '*',
  rating: 4.5,
  popular: false,
  actions: ['Do a', 'Do b', 'Do c', 'Do d'],
  website: null,
  builtin: false,
});
const CATALOGUE = [
  app('slack', 'Slack', 'communication', 240000),
  app('teams', 'Microsoft Teams', 'communication', 120000),
  app('hubspot', 'HubSpot', 'crm', 162000),
  app('salesforce', 'Salesforce', 'crm', 185000),
  app('zapier', 'Zapier', 'automation', 300000),
  app('make', 'Make', 'automation', 90000),
  app('typeform', 'Typeform', 'business', 86000),
  app('mailchimp', 'Mailchimp', 'marketing', 198000),
  app('notion', 'Notion', 'productivity', 150000),
];

describe('connectorPath', () => {
  it('walks the outcome steps through the best-connected app of each category', () => {
    expect(connectorPath(CATALOGUE, 'typeform', 'leads').map((a) => a.id)).toEqual(['typeform', 'zapier', 'salesforce']);
    expect(connectorPath(CATALOGUE, 'hubspot', 'nurture').map((a) => a.id)).toEqual(['hubspot', 'zapier', 'mailchimp']);
  });
  it('never repeats the source and skips a step the source covers', () => {
    expect(connectorPath(CATALOGUE, 'zapier', 'notify').map((a) => a.id)).toEqual(['zapier', 'slack']);
  });
  it('is empty for an unknown source', () => {
    expect(connectorPath(CATALOGUE, 'nope', 'leads')).toEqual([]);
  });
});

describe('marketplace helpers', () => {
  it("formats 'X to Y of N integrations'", () => {
    expect(rangeLabel(1, 124)).toBe('1 to 12 of 124 integrations');
    expect(rangeLabel(11, 124)).toBe('121 to 124 of 124 integrations');
    expect(rangeLabel(1, 0)).toBe('0 integrations');
  });
  it('strips characters that would change a PostgREST or-filter', () => {
    expect(escapeSearch(' a,b(c)*%d ')).toBe('a b c d');
  });
  it('compares at most 3 tools without duplicates', () => {
    expect(addToComparison(['a'], 'a')).toEqual(['a']);
    expect(addToComparison(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(addToComparison(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
  });
});

describe('parseCategoryCounts', () => {
  it('passes the server shape through', () => {
    const counts = { total: 12, popular: 3, by_category: { crm: 4, automation: 8 } };
    expect(parseCategoryCounts(counts)).toEqual(counts);
    expect(parseCategoryCounts({ total: 0, popular: 0, by_category: {} })).toEqual({ total: 0, popular: 0, by_category: {} });
  });
  it.each([
    null,
    'x',
    { total: 1, popular: 1 },
    { total: '1', popular: 1, by_category: {} },
    { total: 1, popular: -1, by_category: {} },
    { total: 1.5, popular: 1, by_category: {} },
    { total: 1, popular: 1, by_category: null },
    { total: 1, popular: 1, by_category: { crm: '2' } },
  ])('refuses %j', (raw) => {
    expect(() => parseCategoryCounts(raw)).toThrow('The catalogue counts came back in an unexpected shape');
  });
});
