const KEY = 'analytics_session_id';

/** One id per browser tab session (session storage), created only once analytics is allowed. */
export function analyticsSessionId(storage: Storage = sessionStorage): string {
  try {
    const existing = storage.getItem(KEY);
    if (existing && /^[A-Za-z0-9-]{8,128}$/.test(existing)) return existing;
    const id = crypto.randomUUID();
    storage.setItem(KEY, id);
    return id;
  } catch {
    return crypto.randomUUID(); // storage blocked: a per-page id is still better than none
  }
}

export function forgetAnalyticsSessionId(storage: Storage = sessionStorage) {
  try {
    storage.removeItem(KEY);
  } catch {
    /* storage blocked: nothing stored */
  }
}
