import { describe, expect, it } from 'vitest';
import { factsUsedIn } from './facts-used.js';

const facts = [
  { label: 'Business name', value: 'Crumb & Co' },
  { label: 'Goals', value: 'Increase revenue, Get more customers' },
  { label: 'Team size', value: '5' },
  { label: 'Location', value: 'UK' },
  { label: 'Industry', value: 'Food & Beverage' },
];

describe('factsUsedIn', () => {
  it('names the facts a reply quotes by value, by one list item or by label, in the facts’ order', () => {
    expect(factsUsedIn(facts, 'As an INDUSTRY leader, Crumb &  Co can get more customers.')).toEqual([
      'Business name',
      'Goals',
      'Industry',
    ]);
  });
  it('ignores values too short to tell apart from chance, and an empty or unrelated reply', () => {
    expect(factsUsedIn(facts, 'Hire 5 people in the UK.')).toEqual([]);
    expect(factsUsedIn(facts, '')).toEqual([]);
    expect(factsUsedIn(facts, 'Hello! How can I help?')).toEqual([]);
    expect(factsUsedIn([], 'Crumb & Co')).toEqual([]);
  });
});
