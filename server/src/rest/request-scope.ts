import type { Context } from 'hono';
import type { Config } from '../config.js';
import { clientIp, truncateIp } from '../http/client-ip.js';
import type { CallerRequest } from './execute.js';
import { requestHeadersJson } from './request-headers.js';
import type { Caller } from './request-role.js';

/** The schema of the request (Accept-Profile / Content-Profile, checked in index.ts). */
export const profileOf = (c: Context): string => (c.get('profile' as never) as string | undefined) ?? 'public';

/** The HTTP request as the executor needs it: plain values, so execute.ts never sees the Hono Context. */
export function callerRequest(c: Context, caller: Caller, config: Config, path: string): CallerRequest {
  return {
    caller,
    method: c.req.method,
    path,
    ip: truncateIp(clientIp(c, config)),
    headersJson: requestHeadersJson(c),
    schema: profileOf(c),
    signal: c.req.raw.signal,
  };
}
