import { describe, expect, it } from 'vitest';
import { barColour, formatCountdown } from './warning-panel';

describe('session warning panel', () => {
  it('is yellow above 120 s, orange above 60 s, red at or below 60 s', () => {
    expect([barColour(600), barColour(121), barColour(120), barColour(61), barColour(60), barColour(0)]).toEqual([
      'bg-yellow-400',
      'bg-yellow-400',
      'bg-orange-500',
      'bg-orange-500',
      'bg-red-500',
      'bg-red-500',
    ]);
  });
  it('shows minutes and seconds', () => {
    expect([formatCountdown(600), formatCountdown(61.2), formatCountdown(-3)]).toEqual(['10:00', '1:02', '0:00']);
  });
});
