import { describe, expect, it } from 'vitest';
import { defaultPosition, ideaText, nodePosition } from '../builder/layout';
import { formatDuration } from './format-duration';
import { businessHealthScore } from './health-score';

describe('businessHealthScore (docs/product.md#business-health-score: 7 items)', () => {
  it('counts filled items out of seven, rounded', () => {
    expect(businessHealthScore({})).toBe(0);
    expect(businessHealthScore({ businessStage: 'startup' })).toBe(14);
    expect(
      businessHealthScore({
        businessName: 'Acme',
        industry: 'Retail',
        businessStage: 'growth',
        goals: ['revenue'],
        targetAudience: 'SMEs',
        monthlyRevenue: '10k',
        teamSize: '2-5 people',
      }),
    ).toBe(100);
    expect(businessHealthScore({ businessName: '  ', goals: [] })).toBe(0);
  });
});

describe('builder layout', () => {
  it('keeps saved positions and lays out the rest on a grid', () => {
    expect(nodePosition({ slack: { x: 5, y: 6 } }, 'slack', 3)).toEqual({ x: 5, y: 6 });
    expect(nodePosition({}, 'slack', 5)).toEqual(defaultPosition(5));
    expect(defaultPosition(0)).not.toEqual(defaultPosition(1));
  });
  it('writes an idea from the two tools first actions', () => {
    const tool = (name: string, a: string) => ({ name, actions: [a, 'x', 'y', 'z'] }) as never;
    expect(ideaText(tool('Slack', 'Send message'), tool('HubSpot', 'Create contact'))).toBe(
      'When "Send message" happens in Slack, "Create contact" in HubSpot',
    );
  });
});

describe('formatDuration', () => {
  it('formats minutes and hours', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
