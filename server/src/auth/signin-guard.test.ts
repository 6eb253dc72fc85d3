import { describe, expect, it } from 'vitest';
import { delayAfterFailures, SIGNIN_FIRST_DELAY_SECONDS, SIGNIN_FREE_FAILURES, SIGNIN_MAX_DELAY_SECONDS } from './signin-guard.js';

describe('delayAfterFailures', () => {
  it('lets the first failures go free, then doubles the wait up to the cap', () => {
    for (let f = 0; f < SIGNIN_FREE_FAILURES; f++) expect(delayAfterFailures(f)).toBe(0);
    expect(delayAfterFailures(SIGNIN_FREE_FAILURES)).toBe(SIGNIN_FIRST_DELAY_SECONDS);
    expect(delayAfterFailures(SIGNIN_FREE_FAILURES + 1)).toBe(SIGNIN_FIRST_DELAY_SECONDS * 2);
    expect(delayAfterFailures(SIGNIN_FREE_FAILURES + 3)).toBe(SIGNIN_FIRST_DELAY_SECONDS * 8);
    expect(delayAfterFailures(1_000_000)).toBe(SIGNIN_MAX_DELAY_SECONDS);
  });
});
