import { LAST_RESET_KEY, WARNING_DISMISSED_KEY } from '@/lib/session-markers';

/**
 * The inactivity timer's state shared by every tab of one session: the session itself is shared (one refresh
 * token in local storage), so one tab's activity must keep the others alive, and a warning dismissed or extended in
 * one tab is gone in all. Written to local storage, whose `storage` event reaches the other tabs of this origin
 * (never the writer), and which a tab that missed an event can still read.
 */
export function publishReset(at: number) {
  write(LAST_RESET_KEY, at);
}

export function publishDismissed(at: number) {
  write(WARNING_DISMISSED_KEY, at);
}

/** The latest reset any tab made, or 0. */
export function sharedLastReset(): number {
  try {
    const at = Number(localStorage.getItem(LAST_RESET_KEY));
    return Number.isFinite(at) ? at : 0;
  } catch {
    return 0;
  }
}

/** Calls back on another tab's reset (with its time) or dismissed warning; returns the unsubscribe. */
export function onOtherTabs(on: { reset(at: number): void; dismissed(): void }) {
  const listener = (e: StorageEvent) => {
    if (e.storageArea !== localStorage || e.newValue === null) return;
    if (e.key === LAST_RESET_KEY) {
      const at = Number(e.newValue);
      if (Number.isFinite(at)) on.reset(at);
    } else if (e.key === WARNING_DISMISSED_KEY) on.dismissed();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

function write(key: string, at: number) {
  try {
    localStorage.setItem(key, String(at));
  } catch {
    // storage refused (private mode quota): this tab keeps its own timer, as before tabs shared one
  }
}

/**
 * Runs one tab's expiry sign-out at a time: tabs whose timers end together would otherwise all send their shared
 * session's logout, and every one after the first is refused (403). In turn, a later tab finds the session gone
 * and signs out locally only. Browsers without Web Locks run it at once.
 */
export async function oneTabAtATime(signOut: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('session-timeout-sign-out', async () => await signOut());
  else await signOut();
}
