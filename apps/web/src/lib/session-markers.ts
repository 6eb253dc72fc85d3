/**
 * docs/product.md#session-timeout session markers: session_start_time (local storage), session_active (session storage) and the stored
 * timeout minutes (the user's setting on /user). Shared by the auth provider, the session timeout and the profile.
 */
export const SESSION_START_KEY = 'session_start_time';
export const SESSION_ACTIVE_KEY = 'session_active';
export const TIMEOUT_MINUTES_KEY = 'session_timeout_minutes';
/** The inactivity timer's last reset and last dismissed warning, shared by the session's tabs (local storage). */
export const LAST_RESET_KEY = 'session_last_reset';
export const WARNING_DISMISSED_KEY = 'session_warning_dismissed';
/** The window event that restarts the activity timer (a changed setting, an extended session). */
export const SESSION_TIMEOUT_UPDATED_EVENT = 'session-timeout-updated';

export function setSessionMarkers() {
  try {
    if (!localStorage.getItem(SESSION_START_KEY)) localStorage.setItem(SESSION_START_KEY, new Date().toISOString());
    sessionStorage.setItem(SESSION_ACTIVE_KEY, 'true');
  } catch (err) {
    console.warn('Could not update the session markers', err);
  }
}

export function clearSessionMarkers() {
  try {
    localStorage.removeItem(SESSION_START_KEY);
    localStorage.removeItem(TIMEOUT_MINUTES_KEY);
    localStorage.removeItem(LAST_RESET_KEY);
    localStorage.removeItem(WARNING_DISMISSED_KEY);
    sessionStorage.removeItem(SESSION_ACTIVE_KEY);
  } catch (err) {
    console.warn('Could not clear the session markers', err);
  }
}

/** The user's stored timeout in minutes, or undefined when unset or unreadable. */
export function storedTimeoutMinutes(): number | undefined {
  try {
    const v = Number(localStorage.getItem(TIMEOUT_MINUTES_KEY));
    return Number.isFinite(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

export function storeTimeoutMinutes(minutes: number) {
  localStorage.setItem(TIMEOUT_MINUTES_KEY, String(minutes));
  window.dispatchEvent(new Event(SESSION_TIMEOUT_UPDATED_EVENT));
}
