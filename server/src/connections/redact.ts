/** Query parameters whose values are secrets in most APIs: kept out of stored run records. */
const SECRET_PARAM = /token|key|secret|sig|signature|password|passwd|auth|code|session|credential/i;

/** `url` fit to store: user name and password and secret-looking query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '[invalid url]';
  }
  if (u.username || u.password) {
    u.username = 'redacted';
    u.password = '';
  }
  for (const name of [...new Set(u.searchParams.keys())]) if (SECRET_PARAM.test(name)) u.searchParams.set(name, '[redacted]');
  return u.href;
}

/** At most `max` characters of `s`, with a marker when cut. */
export function truncateText(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… [truncated]`;
}
