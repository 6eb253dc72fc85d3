import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';

const origin = (u: string) => new URL(u).origin;
const wsOrigin = (u: string) => origin(u).replace(/^http/, 'ws');

/** The CSP allows only what we embed: the booking page, the intro video, the voice agent. */
export function contentSecurityPolicy(config: Config): string {
  const voice = [origin(config.ELEVENLABS_API_URL), wsOrigin(config.ELEVENLABS_API_URL)];
  const booking = origin(config.BOOKING_URL);
  const video = origin(config.INTRO_VIDEO_URL);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // blob: for the voice client's audio worklets; the booking embed's script
    'script-src': ["'self'", 'blob:', 'https://assets.calendly.com'],
    'style-src': ["'self'", "'unsafe-inline'", 'https://assets.calendly.com'],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://*.calendly.com'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...voice],
    'frame-src': [booking, video, 'https://calendly.com'],
    'media-src': ["'self'", 'blob:', 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${[...new Set(v)].join(' ')}`)
    .join('; ');
}

export function securityHeaders(config: Config): MiddlewareHandler {
  const csp = contentSecurityPolicy(config);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', csp);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)');
    const https = new URL(c.req.url).protocol === 'https:' || (config.TRUST_PROXY && c.req.header('x-forwarded-proto') === 'https');
    if (https) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
