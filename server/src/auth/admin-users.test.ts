import { describe, expect, it } from 'vitest';
import { parseBanDuration } from './admin-users.js';

describe('parseBanDuration (Go durations)', () => {
  it('parses units and sums parts', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000);
    expect(parseBanDuration('1h30m')).toBe(5_400_000);
    expect(parseBanDuration('90s')).toBe(90_000);
    expect(parseBanDuration('1.5h')).toBe(5_400_000);
    expect(parseBanDuration('none')).toBeNull();
  });
  it('rejects anything else', () => {
    for (const v of ['', '24', '1d', 'forever', '-1h']) expect(() => parseBanDuration(v), v).toThrow(/invalid format for ban duration/);
  });
});
