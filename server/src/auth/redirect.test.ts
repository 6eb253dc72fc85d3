import { describe, expect, it } from 'vitest';
import { isAllowedRedirect, pickRedirect } from './redirect.js';

const config = {
  SITE_URL: 'https://app.example.com',
  redirectAllowList: ['https://*.preview.example.net/**', 'myapp://callback', 'http://localhost:5173/*'],
};

describe('redirect allow-list', () => {
  it('allows SITE_URL paths and allow-list matches', () => {
    expect(isAllowedRedirect('https://app.example.com/reset-password?x=1', config)).toBe(true);
    expect(isAllowedRedirect('https://pr-12.preview.example.net/a/b/c', config)).toBe(true);
    expect(isAllowedRedirect('myapp://callback', config)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5173/dashboard#frag', config)).toBe(true);
  });

  it('refuses other hosts, schemes, ports, look-alikes and credentials', () => {
    for (const u of [
      'https://evil.com/',
      'http://app.example.com/', // scheme downgrade
      'https://app.example.com:8443/',
      'https://app.example.com.evil.com/',
      'https://a.b.preview.example.net/x', // * stays within one label
      'http://localhost:5173/a/b', // * stays within one segment
      'https://user:pw@app.example.com/',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(isAllowedRedirect(u, config), u).toBe(false);
  });

  it('allows another port on a loopback SITE_URL (RFC 8252)', () => {
    expect(isAllowedRedirect('http://localhost:3001/x', { SITE_URL: 'http://localhost:3000', redirectAllowList: [] })).toBe(true);
  });

  it('falls back silently', () => {
    expect(pickRedirect('https://evil.com', config)).toBe('https://app.example.com');
    expect(pickRedirect(undefined, config, 'https://app.example.com/dashboard')).toBe('https://app.example.com/dashboard');
  });
});
