import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { canonicalIp, clientIp, limitKey, truncateIp } from './client-ip.js';

/** What clientIp answers for a request carrying `xff` (app.request() has no socket: its address reads 0.0.0.0). */
async function ipFor(xff: string | undefined, proxy = { TRUST_PROXY: true, TRUST_PROXY_HOPS: 1 }): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, proxy)));
  const res = await app.request('/', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
  return res.text();
}

describe('canonicalIp', () => {
  it('gives one spelling for the spellings of one IPv4 address', () => {
    for (const s of [
      '203.0.113.7',
      ' 203.0.113.7 ',
      '::ffff:203.0.113.7',
      '::FFFF:cb00:7107',
      '203.0.113.7:51234',
      '[::ffff:203.0.113.7]:443',
    ])
      expect(canonicalIp(s)).toBe('203.0.113.7');
  });
  it('gives one spelling for the spellings of one IPv6 address', () => {
    for (const s of ['2001:db8::1', '2001:DB8::1', '2001:0db8:0000:0000:0000:0000:0000:0001', '[2001:db8:0:0::1]:8080', '2001:db8::1%eth0'])
      expect(canonicalIp(s)).toBe('2001:db8::1');
  });
  it('refuses what is not an address', () => {
    for (const s of ['', 'unknown', '<script>', '203.0.113', '999.1.1.1', '010.0.0.1', '2001:db8:::1', '1.2.3.4, 5.6.7.8'])
      expect(canonicalIp(s)).toBeNull();
  });
});

describe('limitKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
  });
  it('gives every address of one IPv6 /64 the same key, and another /64 another', () => {
    const keys = new Set(Array.from({ length: 25 }, (_, i) => limitKey(canonicalIp(`2001:db8:1:2:${i.toString(16)}:ab:cd:${i + 1}`)!)));
    expect([...keys]).toEqual(['2001:db8:1:2::']);
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
  });
});

describe('clientIp behind a trusted proxy', () => {
  it('keys four spellings of one address alike', async () => {
    const spellings = ['2001:db8::1', '2001:DB8:0:0:0:0:0:1', '[2001:db8::1]:443', '2001:0db8::0001'];
    const keys = await Promise.all(spellings.map((s) => ipFor(s)));
    expect(new Set(keys)).toEqual(new Set(['2001:db8::']));
  });
  it('takes the right-most hop with one trusted proxy (the client wrote the rest)', async () => {
    expect(await ipFor('198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });
  it('skips the hops our own proxies added with TRUST_PROXY_HOPS', async () => {
    const two = { TRUST_PROXY: true, TRUST_PROXY_HOPS: 2 };
    expect(await ipFor('198.51.100.1, 203.0.113.7, 10.0.0.2', two)).toBe('203.0.113.7');
    // fewer hops than proxies: the client reached an inner proxy directly, which wrote its address
    expect(await ipFor('203.0.113.7', two)).toBe('203.0.113.7');
  });
  it('falls back to the socket address for garbage, and ignores the header without TRUST_PROXY', async () => {
    expect(await ipFor('not-an-ip')).toBe('0.0.0.0');
    expect(await ipFor('203.0.113.7, <script>')).toBe('0.0.0.0');
    expect(await ipFor('')).toBe('0.0.0.0');
    expect(await ipFor('203.0.113.7', { TRUST_PROXY: false, TRUST_PROXY_HOPS: 1 })).toBe('0.0.0.0');
  });
});

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, also when IPv4-mapped', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIp('::ffff:203.0.113.77')).toBe('203.0.113.0');
  });
  it('keeps the /48 of an IPv6 address, however it is spelled', () => {
    expect(truncateIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8::');
  });
  it('never stores something that is not an address', () => {
    expect(truncateIp('<script>')).toBe('0.0.0.0');
  });
});
