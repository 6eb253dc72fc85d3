import { describe, expect, it } from 'vitest';
import { applyFieldUpdate } from './field-values';
import { EMPTY_ONBOARDING } from './types';

describe('voice field updates', () => {
  it('accepts text, option labels in any case, and lists', () => {
    let d = applyFieldUpdate(EMPTY_ONBOARDING, 'businessName', '  Acme Bakery ');
    d = applyFieldUpdate(d, 'industry', 'food & beverage');
    d = applyFieldUpdate(d, 'goals', 'revenue, Generate More Leads');
    d = applyFieldUpdate(d, 'keyMetrics', ['revenue', 'profit']);
    d = applyFieldUpdate(d, 'preferences.theme', 'modern');
    d = applyFieldUpdate(d, 'voiceEnabled', false);
    expect(d).toMatchObject({
      businessName: 'Acme Bakery',
      industry: 'Food & Beverage',
      goals: ['revenue', 'leads'],
      keyMetrics: ['revenue', 'profit'],
    });
    expect(d.preferences).toEqual({ voiceEnabled: false, theme: 'modern', defaultView: 'command-center' });
  });
  it('rejects unknown fields and options, and script content', () => {
    expect(() => applyFieldUpdate(EMPTY_ONBOARDING, 'password', 'x')).toThrow('Unknown onboarding field');
    expect(() => applyFieldUpdate(EMPTY_ONBOARDING, 'industry', 'Piracy')).toThrow('Invalid value for industry');
    expect(() => applyFieldUpdate(EMPTY_ONBOARDING, 'businessStory', 'a'.repeat(10001))).toThrow('Voice input contains invalid content');
  });
});
