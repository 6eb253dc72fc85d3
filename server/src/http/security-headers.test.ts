import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { contentSecurityPolicy } from './security-headers.js';

describe('contentSecurityPolicy', () => {
  it('allows only our own origin plus the embeds we configure', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ BOOKING_URL: 'https://cal.example.com/me', ELEVENLABS_API_URL: 'http://127.0.0.1:9999' }),
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/frame-src [^;]*https:\/\/cal\.example\.com/);
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9999 ws:\/\/127\.0\.0\.1:9999/);
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('admits the intro video (frame and reachability check) and the booking page only when configured', () => {
    const none = contentSecurityPolicy(loadConfig({}));
    expect(none).not.toContain('undefined');
    expect(none).toMatch(/frame-src https:\/\/calendly\.com(;|$)/);
    const both = contentSecurityPolicy(
      loadConfig({ BOOKING_URL: 'https://cal.example.com/me', INTRO_VIDEO_URL: 'https://video.example.com/embed/x' }),
    );
    expect(both).toMatch(/frame-src https:\/\/cal\.example\.com https:\/\/video\.example\.com/);
    expect(both).toMatch(/connect-src [^;]*https:\/\/video\.example\.com/);
  });
});
