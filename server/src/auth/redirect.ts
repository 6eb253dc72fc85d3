import type { Config } from '../config.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0', '[::]']);

/** GoTrue's allow-list glob: `*` stays within one label or path segment, `**` crosses them, `?` is one character. */
function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^./]*';
    else if (ch === '?') re += '[^./]';
    else re += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** True when `target` may receive users (and tokens): SITE_URL's origin, or an AUTH_ADDITIONAL_REDIRECT_URLS match. */
export function isAllowedRedirect(target: string, config: Pick<Config, 'SITE_URL' | 'redirectAllowList'>): boolean {
  let url: URL;
  let site: URL;
  try {
    url = new URL(target);
    site = new URL(config.SITE_URL);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const sameHost = url.hostname === site.hostname && url.protocol === site.protocol;
  if (sameHost && (url.port === site.port || LOOPBACK.has(url.hostname))) return true;
  const withoutFragment = target.split('#')[0]!;
  return config.redirectAllowList.some((p) => globToRegExp(p).test(withoutFragment));
}

/** The redirect to use: the requested one when allowed, else `fallback` (SITE_URL by default). Never an error. */
export function pickRedirect(
  requested: string | undefined | null,
  config: Pick<Config, 'SITE_URL' | 'redirectAllowList'>,
  fallback = config.SITE_URL,
): string {
  return requested && isAllowedRedirect(requested, config) ? requested : fallback;
}
