import { describe, expect, it } from 'vitest';
import { truncateIp } from './client-ip.js';

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, also when IPv4-mapped', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:203.0.113.77')).toBe('203.0.113.0');
  });
  it('keeps the /48 of an IPv6 address', () => {
    expect(truncateIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
  });
  it('never stores something that is not an address', () => {
    expect(truncateIp('<script>')).toBe('0.0.0.0');
  });
});
