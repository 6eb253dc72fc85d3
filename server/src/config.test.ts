import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills every default', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.SITE_URL).toBe('http://127.0.0.1:3000'); // where it listens: the browser's API address comes from SITE_URL only
    expect(c.AUTH_REQUIRE_EMAIL_CONFIRMATION).toBe(false);
    expect(c.SESSION_TIMEOUT_MINUTES).toBe(240);
  });

  it('defaults SITE_URL to the listening address, localhost for a wildcard HOST', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1' }).SITE_URL).toBe('http://[::1]:3000');
    expect(loadConfig({ HOST: 'app.internal', SITE_URL: 'https://coach.example.com' }).SITE_URL).toBe('https://coach.example.com');
  });

  it('names each bad variable on its own line', () => {
    try {
      loadConfig({ PORT: 'seventy', DATABASE_URL: 'mysql://x', AUTH_REQUIRE_EMAIL_CONFIRMATION: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const lines = (err as Error).message.split('\n');
      expect(lines.some((l) => l.includes('PORT'))).toBe(true);
      expect(lines.some((l) => l.includes('DATABASE_URL'))).toBe(true);
      expect(lines.some((l) => l.includes('AUTH_REQUIRE_EMAIL_CONFIRMATION'))).toBe(true);
    }
  });

  it('reads REST_EXTRA_SEARCH_PATH as PostgREST reads db-extra-search-path: a trimmed comma list, public by default', () => {
    expect(loadConfig({}).REST_EXTRA_SEARCH_PATH).toEqual(['public']);
    expect(loadConfig({ REST_EXTRA_SEARCH_PATH: 'public, extensions' }).REST_EXTRA_SEARCH_PATH).toEqual(['public', 'extensions']);
    expect(() => loadConfig({ REST_EXTRA_SEARCH_PATH: 'public, "x"' })).toThrow(/REST_EXTRA_SEARCH_PATH/);
  });

  it('reads the redirect allow-list and drops a trailing slash from SITE_URL', () => {
    const c = loadConfig({ SITE_URL: 'https://example.com/', AUTH_ADDITIONAL_REDIRECT_URLS: 'https://a.example, https://b.example' });
    expect(c.SITE_URL).toBe('https://example.com');
    expect(c.redirectAllowList).toEqual(['https://a.example', 'https://b.example']);
  });
});
