import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from '../config.js';

export type ProxyConfig = Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>;

/**
 * The caller as limits and logs know it (never from the body): the socket address, or, when TRUST_PROXY is on, the
 * right-most X-Forwarded-For hop that none of our TRUST_PROXY_HOPS proxies added about itself (each proxy appends
 * the address it was called from, so hops further left are whatever the client wrote). Canonical (one spelling per
 * address) and, for IPv6, cut to its /64: one subscriber's allocation, which a client can walk through freely.
 * Anything that is not an address falls back to the socket's.
 */
export function clientIp(c: Context, proxy: ProxyConfig): string {
  if (proxy.TRUST_PROXY) {
    const hops = c.req.header('x-forwarded-for')?.split(',');
    if (hops?.length) {
      const hop = hops[Math.max(0, hops.length - proxy.TRUST_PROXY_HOPS)]!;
      const ip = canonicalIp(hop);
      if (ip) return limitKey(ip);
    }
  }
  return limitKey(canonicalIp(socketAddress(c)) ?? '0.0.0.0');
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '0.0.0.0';
  } catch {
    return '0.0.0.0'; // app.request() in unit tests has no socket
  }
}

/**
 * One spelling per address, or null when `text` is not one: IPv4 dotted quad; IPv6 lower-case and zero-compressed
 * (RFC 5952, via the URL parser), IPv4-mapped IPv6 as its IPv4. Accepts what proxies write: surrounding spaces,
 * brackets, a port, a zone index.
 */
export function canonicalIp(text: string): string | null {
  let s = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) s = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(s)) s = s.slice(0, s.indexOf(':')); // IPv4 with a port
  s = s.replace(/%.*$/, ''); // zone index
  const kind = isIP(s);
  if (kind === 4) return s;
  if (kind !== 6) return null;
  const v6 = new URL(`http://[${s}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (!mapped) return v6;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The first `groups` 16-bit groups of a canonical IPv6 address, the rest zero, in canonical form. */
function ipv6Prefix(ip: string, groups: number): string {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const left = parse(head);
  const right = parse(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const kept = all.slice(0, groups).concat(Array<string>(8 - groups).fill('0'));
  return new URL(`http://[${kept.join(':')}]`).hostname.slice(1, -1);
}

/** A canonical address as a limit key: IPv4 whole, IPv6 its /64 network ("2001:db8:1:2::"). */
export function limitKey(ip: string): string {
  return ip.includes(':') ? ipv6Prefix(ip, 4) : ip;
}

/** Stored form of an IP: IPv4 keeps /24, IPv6 keeps /48, so logs cannot single out a person's device. */
export function truncateIp(ip: string): string {
  const canonical = canonicalIp(ip);
  if (!canonical) return '0.0.0.0';
  if (canonical.includes(':')) return ipv6Prefix(canonical, 3);
  return canonical.split('.').slice(0, 3).join('.') + '.0';
}
