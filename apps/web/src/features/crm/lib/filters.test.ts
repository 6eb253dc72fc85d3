import { describe, expect, it } from 'vitest';
import { fromViewSettings, hasFilters, NO_FILTERS, toContactFilters, toViewSettings } from './filters';

describe('contact filters', () => {
  it('sends only the filters that are set, tags split and lower-cased', () => {
    expect(toContactFilters(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(toContactFilters({ tags: ' VIP; newsletter, ', source: ' Fair ', companyId: 'c1', stageId: 's1' })).toEqual({
      tags: ['vip', 'newsletter'],
      source: 'Fair',
      company_id: 'c1',
      stage_id: 's1',
    });
  });
  it('round-trips through a saved view', () => {
    const f = { tags: 'vip, newsletter', source: 'Fair', companyId: 'c1', stageId: '' };
    const saved = toViewSettings('  ann ', f, 'activity');
    expect(saved).toEqual({ query: 'ann', filters: { tags: ['vip', 'newsletter'], source: 'Fair', company_id: 'c1' }, sort: 'activity' });
    expect(fromViewSettings(JSON.parse(JSON.stringify(saved)))).toEqual({ query: 'ann', filters: f, sort: 'activity' });
  });
  it('reads what fits from a view written otherwise, and nothing from garbage', () => {
    expect(fromViewSettings({ query: 5, filters: { tags: 'vip', source: 'x' }, sort: 'size' })).toEqual({
      query: '',
      filters: { tags: '', source: 'x', companyId: '', stageId: '' },
      sort: 'name',
    });
    expect(fromViewSettings(null)).toEqual({ query: '', filters: NO_FILTERS, sort: 'name' });
  });
});
