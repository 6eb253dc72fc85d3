import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from './address.js';

/**
 * The one way a connection's step calls out: http(s) only; every address the host resolves to must be public
 * (unless allowPrivate), checked after DNS and again on every redirect, and the connection goes to the address that
 * was checked (no second lookup to rebind); connect and total timeouts; the response body read up to a cap.
 */
export interface OutboundOptions {
  allowPrivate: boolean;
  /** Which addresses may be called (default: public ones, or any with allowPrivate). */
  allowAddress?: (ip: string) => boolean;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  maxRedirects?: number;
  /** Response bytes kept; the rest is not read (the connection is closed). */
  maxBodyBytes?: number;
}

export interface OutboundRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

export interface OutboundResponse {
  status: number;
  contentType: string | null;
  body: string;
  /** Bytes read (at most maxBodyBytes + 1: more than that is `truncated`). */
  size: number;
  truncated: boolean;
  /** The address that answered last (after redirects). */
  url: string;
  redirects: number;
}

export type OutboundFailure = 'refused_address' | 'bad_url' | 'too_many_redirects' | 'timeout' | 'network';

/** Why a call got no answer. `retryable`: a network error or a timeout, worth another attempt later. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_BODY = 64 * 1024;

type Resolved = { address: string; family: 4 | 6 };

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addrs) => (err ? reject(err) : resolve(addrs))),
  );
}

/** The address to connect to for `url`, after checking every address its host has. */
async function resolveChecked(url: URL, allowed: (ip: string) => boolean): Promise<Resolved> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('bad_url', `Only http and https addresses can be called (not ${url.protocol})`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new OutboundError('bad_url', 'The address has no host');
  let addrs: LookupAddress[];
  if (isIP(host)) addrs = [{ address: host, family: isIP(host) }];
  else {
    try {
      addrs = await lookupAll(host);
    } catch (err) {
      throw new OutboundError('network', `Could not resolve ${host} (${(err as NodeJS.ErrnoException).code ?? 'DNS error'})`);
    }
  }
  if (!addrs.length) throw new OutboundError('network', `Could not resolve ${host}`);
  {
    const bad = addrs.find((a) => !allowed(a.address));
    if (bad)
      throw new OutboundError(
        'refused_address',
        `Refused: ${host} is a private, loopback, link-local or reserved address (${bad.address})`,
      );
  }
  return { address: addrs[0]!.address, family: addrs[0]!.family === 6 ? 6 : 4 };
}

function once(
  req: OutboundRequest,
  url: URL,
  to: Resolved,
  opts: Required<OutboundOptions>,
  deadline: number,
): Promise<{ res: IncomingMessage; body: Buffer; size: number; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundError('timeout', `No answer within ${opts.totalTimeoutMs} ms`));
    const r = lib.request(
      url,
      {
        method: req.method,
        headers: { ...req.headers, ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}) },
        // connect to the address that was checked, whatever DNS says now
        lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          options?.all ? cb(null, [{ address: to.address, family: to.family }]) : cb(null, to.address, to.family)) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          chunks.push(chunk);
          if (size > opts.maxBodyBytes) {
            truncated = true;
            finish();
            res.destroy();
          }
        });
        const finish = () => {
          clearTimeout(total);
          const body = Buffer.concat(chunks).subarray(0, opts.maxBodyBytes);
          resolve({ res, body, size, truncated });
        };
        res.on('end', () => !truncated && finish());
        res.on('error', (err) => !truncated && fail(new OutboundError('network', `The answer was cut off (${err.message})`)));
      },
    );
    const fail = (err: OutboundError) => {
      clearTimeout(total);
      clearTimeout(connect);
      r.destroy();
      reject(err);
    };
    const total = setTimeout(() => fail(new OutboundError('timeout', `No answer within ${opts.totalTimeoutMs} ms`)), remaining);
    const connect = setTimeout(
      () => fail(new OutboundError('timeout', `Could not connect within ${opts.connectTimeoutMs} ms`)),
      Math.min(opts.connectTimeoutMs, remaining),
    );
    r.on('socket', (s) => {
      s.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connect));
    });
    r.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof OutboundError) return fail(err);
      fail(new OutboundError('network', `Could not reach ${url.host} (${err.code ?? err.message})`));
    });
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}

/** Sends `req`, following up to maxRedirects redirects (each one checked again); the final answer, whatever its status. */
export async function callOut(req: OutboundRequest, options: OutboundOptions): Promise<OutboundResponse> {
  const opts: Required<OutboundOptions> = {
    maxRedirects: 3,
    maxBodyBytes: DEFAULT_MAX_BODY,
    allowAddress: options.allowPrivate ? () => true : isPublicAddress,
    ...options,
  };
  const deadline = Date.now() + opts.totalTimeoutMs;
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new OutboundError('bad_url', 'The address is not a valid URL');
  }
  let current = req;
  for (let redirects = 0; ; redirects++) {
    const to = await resolveChecked(url, opts.allowAddress);
    const { res, body, size, truncated } = await once(current, url, to, opts, deadline);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location) {
      if (redirects >= opts.maxRedirects) throw new OutboundError('too_many_redirects', `More than ${opts.maxRedirects} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw new OutboundError('bad_url', 'The redirect address is not a valid URL');
      }
      // 303 (and 301/302 after a POST, as browsers do) continue as a GET without the body; 307/308 repeat the request
      if (status === 303 || ((status === 301 || status === 302) && current.method === 'POST')) {
        const { 'content-type': _ct, ...headers } = current.headers;
        current = { url: url.href, method: 'GET', headers };
      } else current = { ...current, url: url.href };
      continue;
    }
    return {
      status,
      contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
      body: body.toString('utf8'),
      size,
      truncated,
      url: url.href,
      redirects,
    };
  }
}
