import { STARTING_VIEWS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_VIEWS, startingViewOf, VIEW_FOR_STARTING_VIEW } from './use-dashboard-view';

describe('the starting view (issue 44)', () => {
  it('maps each of the four onboarding starting views onto a different dashboard view', () => {
    const views = STARTING_VIEWS.map((s) => VIEW_FOR_STARTING_VIEW[s]);
    expect(views).toEqual(['builder', 'dashboard', 'crm', 'brain']);
    for (const v of views) expect(DASHBOARD_VIEWS.some((d) => d.id === v)).toBe(true);
  });
  it('reads the starting view from stored preferences, and nothing from missing or foreign values', () => {
    expect(startingViewOf({ defaultView: 'marketing-hub', theme: 'modern' })).toBe('marketing-hub');
    expect(startingViewOf({ defaultView: 'elsewhere' })).toBeNull();
    expect(startingViewOf({})).toBeNull();
    expect(startingViewOf(null)).toBeNull();
    expect(startingViewOf('business-overview')).toBeNull();
  });
});
