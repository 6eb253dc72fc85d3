import { describe, expect, it } from 'vitest';
import { createClientRateLimiter } from './client-rate-limit';

describe('client rate limiter', () => {
  it('allows max attempts per window, then refuses until the window passes', () => {
    let t = 0;
    const rl = createClientRateLimiter(() => t);
    expect([rl.attempt('k', 2, 1000), rl.attempt('k', 2, 1000), rl.attempt('k', 2, 1000)]).toEqual([true, true, false]);
    expect(rl.attempt('other', 2, 1000)).toBe(true);
    t = 1001;
    expect(rl.attempt('k', 2, 1000)).toBe(true);
  });
});
