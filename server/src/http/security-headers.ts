import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { CONSENT_GATE_SCRIPT } from '@app/shared/consent-gate';
import { HYDRATE_AFTER_PAINT_SCRIPT } from '@app/shared/hydrate-after-paint';
import type { Config } from '../config.js';
import { nodeResponse } from './node-io.js';

const origin = (u: string) => new URL(u).origin;
const origins = (...urls: (string | undefined)[]) => urls.flatMap((u) => (u ? [origin(u)] : []));
const wsOrigin = (u: string) => origin(u).replace(/^http/, 'ws');
/** The two inline scripts the pages carry (the consent gate, and the prerendered pages' loader), admitted by hash. */
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const INLINE_SCRIPT_HASHES = [scriptHash(CONSENT_GATE_SCRIPT), scriptHash(HYDRATE_AFTER_PAINT_SCRIPT)];

/** The CSP allows only what we embed: the booking page, the intro video, the voice agent. */
export function contentSecurityPolicy(config: Config): string {
  const voice = [origin(config.ELEVENLABS_API_URL), wsOrigin(config.ELEVENLABS_API_URL)];
  // The intro video's origin is also fetched (no-cors) to tell a network failure of its embed (components/intro-video).
  const video = origins(config.INTRO_VIDEO_URL);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // blob: for the voice client's audio worklets; the booking embed's script; our two inline scripts
    'script-src': ["'self'", 'blob:', 'https://assets.calendly.com', ...INLINE_SCRIPT_HASHES],
    'style-src': ["'self'", "'unsafe-inline'", 'https://assets.calendly.com'],
    'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://*.calendly.com'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...voice, ...video],
    'frame-src': [...origins(config.BOOKING_URL), ...video, 'https://calendly.com'],
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
  const fixed: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(config)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)'],
  ];
  const hsts = 'max-age=63072000; includeSubDomains';
  return async (c, next) => {
    const https = c.req.url.startsWith('https:') || (config.TRUST_PROXY && c.req.header('x-forwarded-proto') === 'https');
    // On Node the headers go on the outgoing response before the handler runs; Node merges them into the handler's
    // at writeHead. Setting them on c.res after next() instead turned every response's plain header object into a
    // WHATWG Headers (issue 16: a measurable share of each request). No handler sets these names.
    const out = nodeResponse(c);
    if (out) {
      for (const [k, v] of fixed) out.setHeader(k, v);
      if (https) out.setHeader('Strict-Transport-Security', hsts);
      return next();
    }
    await next();
    const h = c.res.headers;
    for (const [k, v] of fixed) h.set(k, v);
    if (https) h.set('Strict-Transport-Security', hsts);
  };
}
