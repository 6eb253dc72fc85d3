import { describe, expect, it } from 'vitest';
import { searchCatalogueItems, type CatalogueItem } from './catalogue-search.js';

const items: CatalogueItem[] = [
  {
    id: 'xero',
    name: 'Xero',
    category: 'finance',
    description: 'Cloud accounting popular in the UK.',
    actions: ['Create invoice', 'Create contact', 'Get balance sheet', 'Create bank transaction'],
  },
  {
    id: 'quickbooks',
    name: 'QuickBooks',
    category: 'finance',
    description: 'Accounting for small businesses.',
    actions: ['Create invoice', 'Record expense', 'Create customer', 'Get profit and loss'],
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    category: 'crm',
    description: 'All-in-one CRM.',
    actions: ['Create contact', 'Update deal stage', 'Enrol in workflow', 'Add note'],
  },
  { id: 'posthog', name: 'PostHog', category: 'analytics', description: 'Product analytics.', actions: ['Capture event'] },
  { id: 'ghost', name: 'Ghost', category: 'marketing', description: 'Publish posts and newsletters.', actions: ['Create post'] },
  {
    id: 'microsoft-teams',
    name: 'Microsoft Teams',
    category: 'communication',
    description: 'Chat and meetings.',
    actions: ['Send channel message', 'Create meeting', 'Post to chat', 'Add member'],
  },
];
const names = (q: string) => searchCatalogueItems(items, q).map((i) => i.name);

describe('searchCatalogueItems', () => {
  it('finds by name whatever the case, prefix or spacing', () => {
    expect(names('Xero')[0]).toBe('Xero');
    expect(names('xer')[0]).toBe('Xero');
    expect(names('quick books')[0]).toBe('QuickBooks');
    expect(names('teams')[0]).toBe('Microsoft Teams');
    expect(names('Xero accounting')[0]).toBe('Xero');
  });
  it('finds by category and by action, names ranked first', () => {
    expect(names('finance').sort()).toEqual(['QuickBooks', 'Xero']);
    expect(names('invoice').sort()).toEqual(['QuickBooks', 'Xero']);
    expect(names('crm')[0]).toBe('HubSpot');
  });
  it('finds nothing for an app that is not in the catalogue', () => {
    expect(names('Sage Intacct')).toEqual([]);
    // one short or generic word of an unknown name does not pull in look-alikes
    expect(names('BakeBoss POS')).toEqual([]);
    expect(names('Harbour Till system')).toEqual([]);
    expect(names('')).toEqual([]);
  });
});
