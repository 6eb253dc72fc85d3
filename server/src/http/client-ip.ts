import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The caller's IP: the socket address, or the first X-Forwarded-For hop when TRUST_PROXY is on. Never the body. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? '0.0.0.0';
  } catch {
    return '0.0.0.0'; // app.request() in unit tests has no socket
  }
}

/** Stored form of an IP: IPv4 keeps /24, IPv6 keeps /48, so logs cannot single out a person's device. */
export function truncateIp(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.split('.').slice(0, 3).join('.') + '.0';
  if (ip.includes(':')) return ip.split(':').slice(0, 3).join(':') + '::';
  return '0.0.0.0';
}
