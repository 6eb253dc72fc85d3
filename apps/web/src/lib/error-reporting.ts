/**
 * Uncaught errors and unhandled rejections go to the server's /api/client-errors, which scrubs them and relays
 * them to the error tracker (SENTRY_DSN). Only the error's type, message, stack and the page's path are sent:
 * no query string, hash, user, or form data. Installed only when the server says a tracker is configured.
 */
const MAX_REPORTS_PER_PAGE = 10;

export interface ClientErrorReport {
  type: string;
  message: string;
  stack?: string;
  path: string;
}

export function toReport(error: unknown, path: string): ClientErrorReport {
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-error value thrown');
  return {
    type: e.name || 'Error',
    message: (e.message || 'Unknown error').slice(0, 2000),
    stack: e.stack?.slice(0, 10_000),
    path: path.slice(0, 300),
  };
}

export function installErrorReporting(send: (r: ClientErrorReport) => void = post): () => void {
  const seen = new Set<string>();
  const report = (error: unknown) => {
    const r = toReport(error, window.location.pathname);
    const key = `${r.type}:${r.message}`;
    if (seen.has(key) || seen.size >= MAX_REPORTS_PER_PAGE) return;
    seen.add(key);
    send(r);
  };
  const onError = (e: ErrorEvent) => report(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => report(e.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

function post(r: ClientErrorReport) {
  // keepalive: the report survives the page unloading; a failure to report is dropped silently
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(r),
    keepalive: true,
  }).catch(() => {});
}
